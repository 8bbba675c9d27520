// Tab completion for bash, zsh and fish, made from the table: commands, each command's
// options, the values of options that take a word from a list (formats, diagnostics,
// backgrounds), folders for DIR options, and `.draw` (or `.md`) files as operands.

package enum Completions {
    static let header = "Generated from drawc's command table (Sources/DrawCommandLine); do not edit."

    static func operandPattern(_ operands: Operands) -> String? {
        switch operands {
        case .drawings: return "draw"
        case .markdown: return "md"
        case .none, .words: return nil
        }
    }

    static func words(_ operands: Operands) -> [String] {
        switch operands {
        case .words(let words): return words
        case .none, .drawings, .markdown: return []
        }
    }

    // MARK: bash

    package static func bash() -> String {
        var out = "# bash completion for drawc. \(header)\n"
        out += "_drawc() {\n"
        out += "    local cur prev command i\n"
        out += "    COMPREPLY=()\n"
        out += "    cur=${COMP_WORDS[COMP_CWORD]}\n"
        out += "    prev=${COMP_WORDS[COMP_CWORD-1]}\n"
        out += "    command=\n"
        out += "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
        out += "        case ${COMP_WORDS[i]} in\n"
        out += "            -*) ;;\n"
        out += "            *) command=${COMP_WORDS[i]}; break ;;\n"
        out += "        esac\n"
        out += "    done\n"
        let names = CommandTable.commands.map(\.name) + ["help"]
        out += "    if [[ -z $command ]]; then\n"
        out += "        COMPREPLY=($(compgen -W '\(names.joined(separator: " ")) --help --version' -- \"$cur\"))\n"
        out += "        return\n"
        out += "    fi\n"
        out += "    case $command in\n"
        for command in CommandTable.commands {
            let options = command.options.map(CommandTable.option)
            out += "        \(command.name))\n"
            out += "            case $prev in\n"
            for option in options where option.value != nil {
                out += "                \(option.names.joined(separator: "|")))\n"
                switch option.kind {
                case .choice(let choices)?:
                    out += "                    COMPREPLY=($(compgen -W '\(choices.joined(separator: " "))' -- \"$cur\")); return ;;\n"
                case .directory?:
                    out += "                    COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
                case .file?:
                    out += "                    COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
                case .number?, .text?, nil:
                    out += "                    return ;;\n"
                }
            }
            out += "            esac\n"
            let spellings = options.flatMap(\.names)
            out += "            if [[ $cur == -* ]]; then\n"
            out += "                COMPREPLY=($(compgen -W '\(spellings.joined(separator: " "))' -- \"$cur\"))\n"
            if let pattern = operandPattern(command.operands) {
                out += "            else\n"
                out += "                COMPREPLY=($(compgen -d -- \"$cur\") $(compgen -f -X '!*.\(pattern)' -- \"$cur\"))\n"
            } else if !words(command.operands).isEmpty {
                out += "            else\n"
                out += "                COMPREPLY=($(compgen -W '\(words(command.operands).joined(separator: " "))' -- \"$cur\"))\n"
            }
            out += "            fi\n"
            out += "            ;;\n"
        }
        out += "        help)\n"
        out += "            COMPREPLY=($(compgen -W '\(CommandTable.commands.map(\.name).joined(separator: " "))' -- \"$cur\"))\n"
        out += "            ;;\n"
        out += "    esac\n"
        out += "}\n"
        out += "complete -o filenames -F _drawc drawc\n"
        return out
    }

    // MARK: zsh

    /// Text inside single quotes in zsh and fish: `'` closes, so it is written `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "'\\''") + "'"
    }

    /// An option's help for a completion menu: its first clause, without brackets.
    static func short(_ help: String) -> String {
        var text = help
        if let cut = text.firstIndex(where: { $0 == ";" || $0 == "(" }) { text = String(text[..<cut]) }
        return text.trimmingSpaces().replacingAll("[", with: "").replacingAll("]", with: "").replacingAll(":", with: "\\:")
    }

    package static func zsh() -> String {
        var out = "#compdef drawc\n# zsh completion for drawc. \(header)\n\n"
        out += "_drawc() {\n"
        out += "    local curcontext=$curcontext state line\n"
        out += "    typeset -A opt_args\n"
        out += "    _arguments -C \\\n"
        out += "        '(- *)'{-h,--help}'[show the help]' \\\n"
        out += "        '(- *)'{-V,--version}'[print the version]' \\\n"
        out += "        '1: :->command' \\\n"
        out += "        '*:: :->arguments'\n"
        out += "    case $state in\n"
        out += "        command)\n"
        out += "            local -a commands\n"
        out += "            commands=(\n"
        for command in CommandTable.commands {
            out += "                \(quoted(command.name + ":" + short(command.summary)))\n"
        }
        out += "                'help:show the help of a command'\n"
        out += "            )\n"
        out += "            _describe -t commands 'drawc command' commands\n"
        out += "            ;;\n"
        out += "        arguments)\n"
        out += "            case $line[1] in\n"
        for command in CommandTable.commands {
            out += "                \(command.name))\n"
            out += "                    _arguments \\\n"
            for key in command.options {
                let option = CommandTable.option(key)
                let exclusive = option.repeatable ? "*" : "(" + option.names.joined(separator: " ") + ")"
                let action: String
                switch option.kind {
                case .choice(let choices)?: action = ":" + (option.value ?? "") + ":(" + choices.joined(separator: " ") + ")"
                case .directory?: action = ":" + (option.value ?? "") + ":_directories"
                case .file?: action = ":" + (option.value ?? "") + ":_files"
                case .number?, .text?: action = ":" + (option.value ?? "") + ": "
                case nil: action = ""
                }
                for name in option.names {
                    let spec = (option.repeatable ? "*" : exclusive) + name + (option.value != nil && name.hasPrefix("--") ? "=" : "")
                        + "[" + short(option.help) + "]" + action
                    out += "                        \(quoted(spec)) \\\n"
                }
            }
            if let pattern = operandPattern(command.operands) {
                out += "                        '*:file:_files -g \"*.\(pattern)\"'\n"
            } else if !words(command.operands).isEmpty {
                out += "                        '1:word:(\(words(command.operands).joined(separator: " ")))'\n"
            } else {
                out += "                        \n"
            }
            out += "                    ;;\n"
        }
        out += "                help)\n"
        out += "                    _arguments '1:command:(\(CommandTable.commands.map(\.name).joined(separator: " ")))'\n"
        out += "                    ;;\n"
        out += "            esac\n"
        out += "            ;;\n"
        out += "    esac\n"
        out += "}\n\n"
        out += "_drawc \"$@\"\n"
        return out
    }

    // MARK: fish

    package static func fish() -> String {
        var out = "# fish completion for drawc. \(header)\n"
        let names = CommandTable.commands.map(\.name) + ["help"]
        out += "set -l drawc_commands \(names.joined(separator: " "))\n"
        out += "complete -c drawc -f\n"
        out += "complete -c drawc -n \"not __fish_seen_subcommand_from $drawc_commands\" -s h -l help -d 'show the help'\n"
        out += "complete -c drawc -n \"not __fish_seen_subcommand_from $drawc_commands\" -s V -l version -d 'print the version'\n"
        for command in CommandTable.commands {
            out += "complete -c drawc -n \"not __fish_seen_subcommand_from $drawc_commands\" -a \(command.name) -d \(quoted(short(command.summary)))\n"
        }
        out += "complete -c drawc -n \"not __fish_seen_subcommand_from $drawc_commands\" -a help -d 'show the help of a command'\n"
        out += "complete -c drawc -n '__fish_seen_subcommand_from help' -a '\(CommandTable.commands.map(\.name).joined(separator: " "))'\n"
        for command in CommandTable.commands {
            let when = "-n '__fish_seen_subcommand_from \(command.name)'"
            for key in command.options {
                let option = CommandTable.option(key)
                var line = "complete -c drawc \(when)"
                if let short = option.short { line += " -s " + short.dropFirst() }
                line += " -l " + option.long.dropFirst(2)
                switch option.kind {
                case .choice(let choices)?: line += " -x -a '\(choices.joined(separator: " "))'"
                case .directory?: line += " -x -a '(__fish_complete_directories)'"
                case .file?: line += " -r -F"
                case .number?, .text?: line += " -x"
                case nil: break
                }
                line += " -d " + quoted(short(option.help))
                out += line + "\n"
            }
            if let pattern = operandPattern(command.operands) {
                out += "complete -c drawc \(when) -k -a \"(__fish_complete_suffix .\(pattern))\"\n"
            } else if !words(command.operands).isEmpty {
                out += "complete -c drawc \(when) -a '\(words(command.operands).joined(separator: " "))'\n"
            }
        }
        return out
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    func trimmingSpaces() -> String {
        var s = self[...]
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
