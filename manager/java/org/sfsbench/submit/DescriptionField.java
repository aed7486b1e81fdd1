package org.sfsbench.submit;

import java.util.List;

/**
 * The keys a system description may contain. {@code N} stands for the 1-based number of a
 * file system, disk group, network interface group or client. The table is the reference of
 * docs/submit.md and of the error messages.
 *
 * @param key the key, with N for a group number
 * @param required whether a description (or each numbered group) must set it
 * @param repeatable whether the key may appear on several lines, each adding one item
 * @param meaning what to write, shown when the key is missing
 */
public record DescriptionField(String key, boolean required, boolean repeatable, String meaning) {

    public static final List<DescriptionField> ALL = List.of(
            new DescriptionField("submitter.organization", true, false, "organization that ran the test"),
            new DescriptionField("submitter.contact", false, false, "person to ask about the result"),
            new DescriptionField("test.date", true, false, "date of the run, YYYY-MM-DD"),
            new DescriptionField("sut.vendor", true, false, "vendor of the server under test"),
            new DescriptionField("sut.model", true, false, "model name of the server under test"),
            new DescriptionField("sut.os", true, false, "operating system (or storage OS) and version"),
            new DescriptionField("sut.cpu", true, false, "processors: count, model, clock"),
            new DescriptionField("sut.memory", true, false, "main memory"),
            new DescriptionField("sut.nvram", false, false, "non-volatile write cache"),
            new DescriptionField("sut.availability", false, false, "month the configuration is available, YYYY-MM"),
            new DescriptionField("filesystem.N.type", true, false, "file system type, e.g. XFS or WAFL"),
            new DescriptionField("filesystem.N.count", true, false, "how many file systems of this kind"),
            new DescriptionField("filesystem.N.size", true, false, "size of each, e.g. 7.2 TB"),
            new DescriptionField("filesystem.N.export", false, false, "exported path(s) or share(s)"),
            new DescriptionField("disk.N.description", true, false, "drive model and capacity"),
            new DescriptionField("disk.N.count", true, false, "how many drives of this kind"),
            new DescriptionField("disk.N.raid", false, false, "RAID or protection level"),
            new DescriptionField("disk.N.use", false, false, "what they hold, e.g. data, log, OS"),
            new DescriptionField("network.N.description", true, false, "network interface model and speed"),
            new DescriptionField("network.N.count", true, false, "how many ports of this kind on the SUT"),
            new DescriptionField("network.switch", false, false, "switch between clients and SUT"),
            new DescriptionField("clients.count", true, false, "number of load-generating clients of the run"),
            new DescriptionField("client.N.name", true, false, "host name exactly as in the run's CLIENTS"),
            new DescriptionField("client.N.hardware", true, false, "client hardware: model, CPUs, memory"),
            new DescriptionField("client.N.os", true, false, "client operating system and version"),
            new DescriptionField("client.N.network", false, false, "client network interface"),
            new DescriptionField("tuning.server", false, true, "one server tuning setting per line"),
            new DescriptionField("tuning.client", false, true, "one client tuning setting per line"),
            new DescriptionField("notes", false, true, "one line of notes per line"));

    /** The table entry for a concrete key such as client.3.name, or null. */
    public static DescriptionField lookup(String key) {
        String generic = key.replaceFirst("^(filesystem|disk|network|client)\\.[1-9][0-9]{0,3}\\.", "$1.N.");
        for (DescriptionField f : ALL) {
            if (f.key.equals(generic)) {
                return f;
            }
        }
        return null;
    }

    /** The keys of the same section (text before the first dot), for "unknown key" messages. */
    public static List<String> section(String key) {
        String head = key.contains(".") ? key.substring(0, key.indexOf('.')) : key;
        return ALL.stream().map(DescriptionField::key).filter(k -> k.startsWith(head + ".") || k.equals(head))
                .toList();
    }
}
