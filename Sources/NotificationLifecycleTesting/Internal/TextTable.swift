/// A plain-text table with left-aligned columns, for failure messages that a person reads in a test log.
///
/// Cells are padded to the widest cell of their column and separated by two spaces; trailing spaces are trimmed.
struct TextTable {
    private var rows: [[String]]

    /// Makes a table whose first row is `header`.
    init(header: [String]) {
        rows = [header]
    }

    /// Appends a row; missing cells are empty.
    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// Rows `0..<count`, each a mark column (`mark` where `isMarked` holds), its number from 1, then `cells`: the
    /// layout of every table of this module but the lifecycle steps.
    static func numbered(
        _ header: [String],
        rows count: Int,
        mark: String,
        where isMarked: (Int) -> Bool,
        _ cells: (Int) -> [String]
    ) -> String {
        var table = TextTable(header: ["", "#"] + header)
        for row in 0..<count { table.append([isMarked(row) ? mark : "", "\(row + 1)"] + cells(row)) }
        return table.rendered()
    }

    /// The table, one line per row, each line indented by `indent` spaces.
    func rendered(indent: Int = 2) -> String {
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columnCount)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        let margin = String(repeating: " ", count: indent)
        return rows.map { row in
            var line = ""
            for column in 0..<columnCount {
                let cell = column < row.count ? row[column] : ""
                if column > 0 { line += "  " }
                line += cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            while line.last == " " { line.removeLast() }
            return margin + line
        }
        .joined(separator: "\n")
    }
}

/// `Screen.swift:12`: the last component of a `#fileID` and a line, as failure messages name a site.
func shortSite(_ fileID: String, _ line: some BinaryInteger) -> String {
    "\(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line)"
}
