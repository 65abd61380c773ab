#!/bin/bash

__odsh_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__odsh_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__odsh_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__odsh_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_odsh() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __odsh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    shell|metadata|diff|profile|store|cache|services|verify|mcp|payload|generate|help)
        # Offer subcommand argument completions
        "_odsh_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'shell metadata diff profile store cache services verify mcp payload generate help' -- "${cur}"))
        # The default subcommand's profile: odsh NAME
        [[ "${#unparsed_words[@]}" -eq 0 ]] && __odsh_add_completions -W "$("${COMP_WORDS[0]}" profile list --names 2>/dev/null)"
        ;;
    esac
}

_odsh_shell() {
    repeating_flags=()
    non_repeating_flags=(--dry-run -v --verbose --all --first-page --continue-on-error --timing --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-c -H --header)
    non_repeating_options=(--metadata -f -o --output --page-size --row-limit --color --metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--metadata')
        __odsh_add_completions -f
        return
        ;;
    '-c')
        return
        ;;
    '-f')
        __odsh_add_completions -f
        return
        ;;
    '-o'|'--output')
        __odsh_add_completions -W 'table'$'\n''vertical'$'\n''json'$'\n''ndjson'$'\n''csv'
        return
        ;;
    '--page-size')
        return
        ;;
    '--row-limit')
        return
        ;;
    '--color')
        __odsh_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion shell -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_metadata() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    summary|sets|describe|annotations|find)
        # Offer subcommand argument completions
        "_odsh_metadata_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'summary sets describe annotations find' -- "${cur}"))
        ;;
    esac
}

_odsh_metadata_summary() {
    repeating_flags=()
    non_repeating_flags=(--json --strict -v --verbose -q --quiet --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion metadata summary -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_metadata_sets() {
    repeating_flags=()
    non_repeating_flags=(--json --strict -v --verbose -q --quiet --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion metadata sets -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_metadata_describe() {
    repeating_flags=()
    non_repeating_flags=(--json --strict -v --verbose -q --quiet --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion metadata describe -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_metadata_annotations() {
    repeating_flags=()
    non_repeating_flags=(--json --strict -v --verbose -q --quiet --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file --term)
    __odsh_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    '--term')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion metadata annotations -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_metadata_find() {
    repeating_flags=()
    non_repeating_flags=(--json --strict -v --verbose -q --quiet --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion metadata find -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_diff() {
    repeating_flags=()
    non_repeating_flags=(--open-enums --allow-changes --allow-removals --strict -q --quiet -v --verbose --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(--can-be-removed -H --header)
    non_repeating_options=(--format --fail-on --metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--format')
        __odsh_add_completions -W 'text'$'\n''json'$'\n''markdown'$'\n''junit'
        return
        ;;
    '--can-be-removed')
        return
        ;;
    '--fail-on')
        __odsh_add_completions -W 'incompatible'$'\n''any'$'\n''never'
        return
        ;;
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion diff -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    2)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion diff -- positional@1 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_profile() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|show|secret|remove|reset)
        # Offer subcommand argument completions
        "_odsh_profile_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list show secret remove reset' -- "${cur}"))
        ;;
    esac
}

_odsh_profile_add() {
    repeating_flags=()
    non_repeating_flags=(--token-cache --insecure --no-check --force --no-input -v --verbose --version -h --help)
    repeating_options=(--login-field -H --header)
    non_repeating_options=(--auth --user --secret-from --client-secret-from --login-url --user-field --password-field --login-user-agent --authorize-url --device-authorization-url --token-endpoint --client-id --client-auth --scope --company-id --saml-key --saml-cert --saml-audience --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language --output --page-size --metadata --metadata-fix --metadata-max-age)
    __odsh_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--auth')
        return
        ;;
    '--user')
        return
        ;;
    '--secret-from')
        return
        ;;
    '--client-secret-from')
        return
        ;;
    '--login-url')
        return
        ;;
    '--user-field')
        return
        ;;
    '--password-field')
        return
        ;;
    '--login-field')
        return
        ;;
    '--login-user-agent')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--client-auth')
        return
        ;;
    '--scope')
        return
        ;;
    '--company-id')
        return
        ;;
    '--saml-key')
        __odsh_add_completions -f
        return
        ;;
    '--saml-cert')
        __odsh_add_completions -f
        return
        ;;
    '--saml-audience')
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '--output')
        return
        ;;
    '--page-size')
        return
        ;;
    '--metadata')
        __odsh_add_completions -f
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '--metadata-max-age')
        return
        ;;
    esac
}

_odsh_profile_list() {
    repeating_flags=()
    non_repeating_flags=(--names --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0
}

_odsh_profile_show() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion profile show -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_profile_secret() {
    repeating_flags=()
    non_repeating_flags=(--client-secret --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion profile secret -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_profile_remove() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion profile remove -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_profile_reset() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion profile reset -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_store() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    status|lock|unlock|change-passphrase|reset)
        # Offer subcommand argument completions
        "_odsh_store_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'status lock unlock change-passphrase reset' -- "${cur}"))
        ;;
    esac
}

_odsh_store_status() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0
}

_odsh_store_lock() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0
}

_odsh_store_unlock() {
    repeating_flags=()
    non_repeating_flags=(--insecure-store --version -h --help)
    repeating_options=()
    non_repeating_options=(--store-passphrase-file)
    __odsh_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store-passphrase-file')
        __odsh_add_completions -f
        return
        ;;
    esac
}

_odsh_store_change-passphrase() {
    repeating_flags=()
    non_repeating_flags=(--insecure-store --version -h --help)
    repeating_options=()
    non_repeating_options=(--store-passphrase-file --new-passphrase-file)
    __odsh_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--store-passphrase-file')
        __odsh_add_completions -f
        return
        ;;
    '--new-passphrase-file')
        __odsh_add_completions -f
        return
        ;;
    esac
}

_odsh_store_reset() {
    repeating_flags=()
    non_repeating_flags=(--yes -y --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0
}

_odsh_cache() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|clear)
        # Offer subcommand argument completions
        "_odsh_cache_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list clear' -- "${cur}"))
        ;;
    esac
}

_odsh_cache_list() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0
}

_odsh_cache_clear() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion cache clear -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_services() {
    repeating_flags=()
    non_repeating_flags=(--v2 --v4 --json -v --verbose --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion services -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_verify() {
    repeating_flags=()
    non_repeating_flags=(--json -v --verbose --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--top --jobs --metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--top')
        return
        ;;
    '--jobs')
        return
        ;;
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion verify -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_mcp() {
    repeating_flags=()
    non_repeating_flags=(--allow-writes --guide --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--metadata --max-rows --max-bytes --metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--metadata')
        __odsh_add_completions -f
        return
        ;;
    '--max-rows')
        return
        ;;
    '--max-bytes')
        return
        ;;
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion mcp -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_payload() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    decode)
        # Offer subcommand argument completions
        "_odsh_payload_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'decode' -- "${cur}"))
        ;;
    esac
}

_odsh_payload_decode() {
    repeating_flags=()
    non_repeating_flags=(--annotations --strict -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--metadata --entity-set --format)
    __odsh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--metadata')
        __odsh_add_completions -f
        return
        ;;
    '--entity-set')
        return
        ;;
    '--format')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -f
        return
        ;;
    esac
}

_odsh_generate() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    swift)
        # Offer subcommand argument completions
        "_odsh_generate_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'swift' -- "${cur}"))
        ;;
    esac
}

_odsh_generate_swift() {
    repeating_flags=()
    non_repeating_flags=(--package --internal --open-enumerations --disable-optionals --allow-case-conflicts --force --dry-run --strict -q --quiet --no-cache --insecure --negotiate --netrc --trace --trace-data --trace-pretty --trace-secrets --version -h --help)
    repeating_options=(-H --header)
    non_repeating_options=(--destination --service --prefix --module --annotations --library --library-version --metadata-max-age --metadata-fix --user-agent --cert --key --cacert --timeout --connect-timeout --proxy --sap-client --sap-language -u --user --bearer --auth --authorize-url --device-authorization-url --token-endpoint --client-id --scope --cookie --cookie-jar --max-metadata-size --max-body-size --max-value-size --retries --retry-max-wait --trace-file)
    __odsh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--destination')
        __odsh_add_completions -d
        return
        ;;
    '--service')
        return
        ;;
    '--prefix')
        return
        ;;
    '--module')
        return
        ;;
    '--annotations')
        __odsh_add_completions -f
        return
        ;;
    '--library')
        __odsh_add_completions -d
        return
        ;;
    '--library-version')
        return
        ;;
    '--metadata-max-age')
        return
        ;;
    '--metadata-fix')
        __odsh_add_completions -f
        return
        ;;
    '-H'|'--header')
        return
        ;;
    '--user-agent')
        return
        ;;
    '--cert')
        __odsh_add_completions -f
        return
        ;;
    '--key')
        __odsh_add_completions -f
        return
        ;;
    '--cacert')
        __odsh_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '--proxy')
        return
        ;;
    '--sap-client')
        return
        ;;
    '--sap-language')
        return
        ;;
    '-u'|'--user')
        return
        ;;
    '--bearer')
        return
        ;;
    '--auth')
        return
        ;;
    '--authorize-url')
        return
        ;;
    '--device-authorization-url')
        return
        ;;
    '--token-endpoint')
        return
        ;;
    '--client-id')
        return
        ;;
    '--scope')
        return
        ;;
    '--cookie')
        return
        ;;
    '--cookie-jar')
        __odsh_add_completions -f
        return
        ;;
    '--max-metadata-size')
        return
        ;;
    '--max-body-size')
        return
        ;;
    '--max-value-size')
        return
        ;;
    '--retries')
        return
        ;;
    '--retry-max-wait')
        return
        ;;
    '--trace-file')
        __odsh_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __odsh_add_completions -W "$(__odsh_custom_complete ---completion generate swift -- positional@0 "${COMP_CWORD}" "$(__odsh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_odsh_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __odsh_offer_flags_options -1
}

complete -o filenames -F _odsh odsh
