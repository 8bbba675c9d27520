# bash completion for drawc. Generated from drawc's command table (Sources/DrawCommandLine); do not edit.
_drawc() {
    local cur prev command i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    command=
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            -*) ;;
            *) command=${COMP_WORDS[i]}; break ;;
        esac
    done
    if [[ -z $command ]]; then
        COMPREPLY=($(compgen -W 'compile check ir fmt lsp watch preview help --help --version' -- "$cur"))
        return
    fi
    case $command in
        compile)
            case $prev in
                -o|--output)
                    COMPREPLY=($(compgen -f -- "$cur")); return ;;
                -f|--format)
                    COMPREPLY=($(compgen -W 'svg pdf ps eps png' -- "$cur")); return ;;
                --diagnostics)
                    COMPREPLY=($(compgen -W 'text json' -- "$cur")); return ;;
                --font-path)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --sandbox)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --dpi)
                    return ;;
                --scale)
                    return ;;
                --background)
                    COMPREPLY=($(compgen -W 'white transparent' -- "$cur")); return ;;
            esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '-o --output -f --format --diagnostics --font-path --sandbox --no-compress --dpi --scale --background -h --help' -- "$cur"))
            else
                COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.draw' -- "$cur"))
            fi
            ;;
        check)
            case $prev in
                --diagnostics)
                    COMPREPLY=($(compgen -W 'text json' -- "$cur")); return ;;
                --font-path)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --sandbox)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
            esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--diagnostics --font-path --sandbox -h --help' -- "$cur"))
            else
                COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.draw' -- "$cur"))
            fi
            ;;
        ir)
            case $prev in
                -o|--output)
                    COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --diagnostics)
                    COMPREPLY=($(compgen -W 'text json' -- "$cur")); return ;;
                --font-path)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --sandbox)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
            esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '-o --output --spans --diagnostics --font-path --sandbox -h --help' -- "$cur"))
            else
                COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.draw' -- "$cur"))
            fi
            ;;
        fmt)
            case $prev in
                --diagnostics)
                    COMPREPLY=($(compgen -W 'text json' -- "$cur")); return ;;
            esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '-w --write -l --check -d --diff --diagnostics -h --help' -- "$cur"))
            else
                COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.draw' -- "$cur"))
            fi
            ;;
        lsp)
            case $prev in
                --font-path)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
            esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--font-path --stdio -h --help' -- "$cur"))
            fi
            ;;
        watch)
            case $prev in
                -o|--output)
                    COMPREPLY=($(compgen -f -- "$cur")); return ;;
                -f|--format)
                    COMPREPLY=($(compgen -W 'svg pdf ps eps png' -- "$cur")); return ;;
                --diagnostics)
                    COMPREPLY=($(compgen -W 'text json' -- "$cur")); return ;;
                --font-path)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --dpi)
                    return ;;
                --scale)
                    return ;;
                --background)
                    COMPREPLY=($(compgen -W 'white transparent' -- "$cur")); return ;;
            esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '-o --output -f --format --diagnostics --font-path --no-compress --dpi --scale --background -h --help' -- "$cur"))
            else
                COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.draw' -- "$cur"))
            fi
            ;;
        preview)
            case $prev in
                --port)
                    return ;;
                --editor)
                    return ;;
                --font-path)
                    COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --diagnostics)
                    COMPREPLY=($(compgen -W 'text json' -- "$cur")); return ;;
            esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--port --open --editor --font-path --diagnostics -h --help' -- "$cur"))
            else
                COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.draw' -- "$cur"))
            fi
            ;;
        help)
            COMPREPLY=($(compgen -W 'compile check ir fmt lsp watch preview' -- "$cur"))
            ;;
    esac
}
complete -o filenames -F _drawc drawc
