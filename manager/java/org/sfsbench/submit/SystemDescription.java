package org.sfsbench.submit;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** A checked system description: the SUT, its storage and network, the clients, tuning and notes. */
public record SystemDescription(String organization, String contact, String testDate, String vendor, String model,
        String os, String cpu, String memory, String nvram, String availability, List<FileSystem> fileSystems,
        List<Disk> disks, List<Network> networks, String networkSwitch, int clientCount, List<Client> clients,
        List<String> serverTuning, List<String> clientTuning, List<String> notes) {

    public record FileSystem(String type, int count, String size, String export) {
    }

    public record Disk(String description, int count, String raid, String use) {
    }

    public record Network(String description, int count) {
    }

    public record Client(String name, String hardware, String os, String network) {
    }

    /**
     * Builds the description from a parsed file. Every problem (unknown or repeated key, missing
     * field, a number that is not one, a gap in the numbering) is added to {@code problems};
     * the result is null when there was any.
     */
    public static SystemDescription from(DescriptionFile file, List<String> problems) {
        Fields f = new Fields(file, problems);
        SystemDescription d = new SystemDescription(f.text("submitter.organization"), f.text("submitter.contact"),
                f.date("test.date"), f.text("sut.vendor"), f.text("sut.model"), f.text("sut.os"), f.text("sut.cpu"),
                f.text("sut.memory"), f.text("sut.nvram"), f.month("sut.availability"),
                f.group("filesystem", n -> new FileSystem(f.text("filesystem." + n + ".type"),
                        f.count("filesystem." + n + ".count"), f.text("filesystem." + n + ".size"),
                        f.text("filesystem." + n + ".export"))),
                f.group("disk", n -> new Disk(f.text("disk." + n + ".description"), f.count("disk." + n + ".count"),
                        f.text("disk." + n + ".raid"), f.text("disk." + n + ".use"))),
                f.group("network", n -> new Network(f.text("network." + n + ".description"),
                        f.count("network." + n + ".count"))),
                f.text("network.switch"), f.count("clients.count"),
                f.group("client", n -> new Client(f.text("client." + n + ".name"), f.text("client." + n + ".hardware"),
                        f.text("client." + n + ".os"), f.text("client." + n + ".network"))),
                f.list("tuning.server"), f.list("tuning.client"), f.list("notes"));
        f.checkUnknownAndRequired();
        return problems.isEmpty() ? d : null;
    }

    /** Reads the fields of a file, recording every problem with its line. */
    private static final class Fields {
        private final DescriptionFile file;
        private final Path path;
        private final List<String> problems;

        Fields(DescriptionFile file, List<String> problems) {
            this.file = file;
            this.path = file.path();
            this.problems = problems;
        }

        String text(String key) {
            List<DescriptionFile.Entry> e = file.entries().get(key);
            if (e == null || e.isEmpty()) {
                return null;
            }
            if (e.size() > 1) {
                add(path + ":" + e.get(1).line() + ": " + key + " is set again (first on line "
                        + e.get(0).line() + "); it takes one value");
            }
            String v = e.get(0).value();
            return v.isEmpty() ? null : v;
        }

        int count(String key) {
            String v = text(key);
            if (v == null) {
                return 0;
            }
            try {
                int n = Integer.parseInt(v);
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            add(path + ":" + line(key) + ": " + key + " is '" + v + "', expected a whole number of 1 or more");
            return 0;
        }

        String date(String key) {
            String v = text(key);
            if (v != null) {
                try {
                    LocalDate.parse(v);
                } catch (DateTimeParseException e) {
                    add(path + ":" + line(key) + ": " + key + " is '" + v + "', expected a date YYYY-MM-DD");
                }
            }
            return v;
        }

        String month(String key) {
            String v = text(key);
            if (v != null) {
                try {
                    YearMonth.parse(v);
                } catch (DateTimeParseException e) {
                    add(path + ":" + line(key) + ": " + key + " is '" + v + "', expected a month YYYY-MM");
                }
            }
            return v;
        }

        List<String> list(String key) {
            List<String> out = new ArrayList<>();
            for (DescriptionFile.Entry e : file.entries().getOrDefault(key, List.of())) {
                if (!e.value().isEmpty()) {
                    out.add(e.value());
                }
            }
            return out;
        }

        /** The numbered groups {@code prefix.1.*}, {@code prefix.2.*} ...; numbers must run 1..max without gaps. */
        <T> List<T> group(String prefix, Function<Integer, T> build) {
            TreeMap<Integer, Integer> firstLine = new TreeMap<>();
            for (Map.Entry<String, List<DescriptionFile.Entry>> e : file.entries().entrySet()) {
                String k = e.getKey();
                if (k.matches(prefix + "\\.[1-9][0-9]{0,3}\\..*")) {
                    int n = Integer.parseInt(k.substring(prefix.length() + 1, k.indexOf('.', prefix.length() + 1)));
                    firstLine.merge(n, e.getValue().get(0).line(), Math::min);
                }
            }
            List<T> out = new ArrayList<>();
            int max = firstLine.isEmpty() ? 0 : firstLine.lastKey();
            for (int n = 1; n <= max; n++) {
                if (!firstLine.containsKey(n)) {
                    add(path + ": " + prefix + "." + n + ".* is missing, but " + prefix + "." + max
                            + " is there (number the " + prefix + " groups 1, 2, 3 ... without gaps)");
                    continue;
                }
                for (DescriptionField f : DescriptionField.ALL) {
                    String k = f.key().replace("N", Integer.toString(n));
                    if (f.required() && f.key().startsWith(prefix + ".N.")) {
                        require(k, f);
                    }
                }
                out.add(build.apply(n));
            }
            if (max == 0) {
                add(path + ": missing " + prefix + ".1.* (describe at least one " + prefix + ")");
            }
            return out;
        }

        void checkUnknownAndRequired() {
            for (Map.Entry<String, List<DescriptionFile.Entry>> e : file.entries().entrySet()) {
                DescriptionField f = DescriptionField.lookup(e.getKey());
                if (f == null) {
                    List<String> known = DescriptionField.section(e.getKey());
                    add(path + ":" + e.getValue().get(0).line() + ": unknown key '" + e.getKey() + "'"
                            + (known.isEmpty() ? " (see templates/sut_description.txt for the keys)"
                                    : "; keys of this section: " + String.join(", ", known)));
                }
            }
            for (DescriptionField f : DescriptionField.ALL) {
                if (f.required() && !f.key().contains(".N.")) {
                    require(f.key(), f);
                }
            }
        }

        /** A required key must be present with a value. */
        private void require(String key, DescriptionField f) {
            if (text(key) != null) {
                return;
            }
            if (file.entries().containsKey(key)) {
                add(path + ":" + line(key) + ": " + key + " is empty (" + f.meaning() + ")");
            } else {
                add(path + ": missing " + key + " (" + f.meaning() + ")");
            }
        }

        /** Records a problem once, however often a field is read. */
        private void add(String problem) {
            if (!problems.contains(problem)) {
                problems.add(problem);
            }
        }

        private int line(String key) {
            return file.entries().get(key).get(0).line();
        }
    }
}
