package org.sfsbench.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The ALL rows of an access.X.csv (Iometer's layout), each by column name. */
public final class AccessCsv {
    private AccessCsv() {
    }

    /** One row per step, in order. */
    public static List<Map<String, String>> allRows(Path file) throws Exception {
        List<Map<String, String>> rows = new ArrayList<>();
        String[] header = null;
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith("'Target Type")) {
                header = line.substring(1).split(",");
            } else if (line.startsWith("ALL,") && header != null) {
                String[] v = line.split(",", -1);
                Map<String, String> row = new HashMap<>();
                for (int i = 0; i < header.length; i++) {
                    row.put(header[i], v[i]);
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
