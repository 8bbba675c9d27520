// Splits a command's arguments into operands and the options the table gives that command.
// Only spelling is checked here (an option the command does not take, a missing value);
// what the values mean is checked by the command (drawc's main.swift), which knows the types.

/// A usage problem: one line, and the command whose help to point at.
package struct CommandLineError: Error, Equatable {
    package var message: String
    package var command: String?
    package init(message: String, command: String?) {
        self.message = message
        self.command = command
    }
}

/// Operands and options as given, in order.
package struct ParsedCommandLine: Sendable, Equatable {
    package var operands: [String] = []
    /// Each option given, with its value (nil for a flag), in the order given.
    package var options: [(key: OptionKey, value: String?, spelled: String)] = []

    package func has(_ key: OptionKey) -> Bool { options.contains { $0.key == key } }
    package func values(_ key: OptionKey) -> [String] { options.compactMap { $0.key == key ? $0.value : nil } }
    package func last(_ key: OptionKey) -> String? { values(key).last }

    package static func == (a: ParsedCommandLine, b: ParsedCommandLine) -> Bool {
        a.operands == b.operands && a.options.map(\.key) == b.options.map(\.key) && a.options.map(\.value) == b.options.map(\.value)
    }
}

package enum CommandLineParser {
    /// Parses `args` (after the command's name) for `command`. `-` is an operand; after `--`
    /// everything is; `--name=value` and `--name value` are the same.
    package static func parse(_ args: ArraySlice<String>, command: Command) throws(CommandLineError) -> ParsedCommandLine {
        var result = ParsedCommandLine()
        let offered = command.options.map(CommandTable.option)
        var index = args.startIndex
        var onlyOperands = false
        while index < args.endIndex {
            let arg = args[index]
            index += 1
            if onlyOperands || arg == "-" || !arg.hasPrefix("-") {
                result.operands.append(arg)
                continue
            }
            if arg == "--" {
                onlyOperands = true
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let option = offered.first(where: { $0.names.contains(name) }) else {
                throw CommandLineError(message: unknownOptionMessage(arg, command: command), command: command.name)
            }
            if let valueName = option.value {
                if let inline {
                    result.options.append((option.key, inline, name))
                } else {
                    guard index < args.endIndex else {
                        throw CommandLineError(message: "option '\(name)' needs a value (\(name) \(valueName))", command: command.name)
                    }
                    result.options.append((option.key, args[index], name))
                    index += 1
                }
            } else {
                if inline != nil {
                    throw CommandLineError(message: "option '\(name)' takes no value", command: command.name)
                }
                result.options.append((option.key, nil, name))
            }
        }
        for option in offered where !option.repeatable {
            let given = result.options.filter { $0.key == option.key }
            if given.count > 1, option.value != nil, Set(given.map(\.value)).count > 1 {
                throw CommandLineError(message: "option '\(option.long)' given twice with different values", command: command.name)
            }
        }
        return result
    }

    /// `unknown option '--x' for 'drawc compile'`, with the nearest spelling the command takes.
    static func unknownOptionMessage(_ arg: String, command: Command) -> String {
        var message = "unknown option '\(arg)' for 'drawc \(command.name)'"
        let name = arg.split(separator: "=", maxSplits: 1).first.map(String.init) ?? arg
        let spellings = command.options.flatMap { CommandTable.option($0).names }.filter { $0.hasPrefix("--") }
        if let nearest = spellings.min(by: { distance($0, name) < distance($1, name) }), distance(nearest, name) <= 2 {
            message += "; did you mean '\(nearest)'?"
        } else {
            let other = CommandTable.commands.filter { $0.name != command.name && $0.options.contains { CommandTable.option($0).names.contains(name) } }
            if let first = other.first { message += " (it is an option of 'drawc \(first.name)')" }
        }
        return message
    }

    /// Levenshtein distance over Unicode scalars.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    /// The message for an unknown command.
    package static func unknownCommandMessage(_ name: String) -> String {
        if name.hasSuffix(".draw") { return "unknown command '\(name)'; did you mean 'drawc compile \(name)'?" }
        let names = CommandTable.commands.map(\.name)
        if let nearest = names.min(by: { distance($0, name) < distance($1, name) }), distance(nearest, name) <= 2 {
            return "unknown command '\(name)'; did you mean '\(nearest)'?"
        }
        return "unknown command '\(name)' (commands: \(names.joined(separator: ", ")), help)"
    }
}
