function __odsh_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __odsh_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __odsh_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __odsh_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __odsh_parse_tokens -S
    set -l unparsed_tokens (__odsh_tokens -pc)
    switch $unparsed_tokens[1]
    case 'odsh'
        __odsh_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'shell'
            __odsh_parse_subcommand 2 'metadata=' 'c=+' 'f=' 'dry-run' 'v/verbose' 'o/output=' 'all' 'first-page' 'page-size=' 'row-limit=' 'color=' 'continue-on-error' 'timing' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
        case 'metadata'
            __odsh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'summary'
                __odsh_parse_subcommand 1 'json' 'strict' 'v/verbose' 'q/quiet' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
            case 'sets'
                __odsh_parse_subcommand 1 'json' 'strict' 'v/verbose' 'q/quiet' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
            case 'describe'
                __odsh_parse_subcommand 2 'json' 'strict' 'v/verbose' 'q/quiet' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
            case 'annotations'
                __odsh_parse_subcommand 2 'json' 'strict' 'v/verbose' 'q/quiet' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'term=' 'version' 'h/help'
            case 'find'
                __odsh_parse_subcommand -r 2 'json' 'strict' 'v/verbose' 'q/quiet' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
            end
        case 'diff'
            __odsh_parse_subcommand 2 'format=' 'open-enums' 'allow-changes' 'allow-removals' 'can-be-removed=+' 'fail-on=' 'strict' 'q/quiet' 'v/verbose' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
        case 'profile'
            __odsh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'add'
                __odsh_parse_subcommand 2 'auth=' 'user=' 'secret-from=' 'client-secret-from=' 'login-url=' 'user-field=' 'password-field=' 'login-field=+' 'login-user-agent=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'client-auth=' 'scope=' 'token-cache' 'company-id=' 'saml-key=' 'saml-cert=' 'saml-audience=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'output=' 'page-size=' 'metadata=' 'metadata-fix=' 'metadata-max-age=' 'no-check' 'force' 'no-input' 'v/verbose' 'version' 'h/help'
            case 'list'
                __odsh_parse_subcommand 0 'names' 'version' 'h/help'
            case 'show'
                __odsh_parse_subcommand 1 'version' 'h/help'
            case 'secret'
                __odsh_parse_subcommand 1 'client-secret' 'version' 'h/help'
            case 'remove'
                __odsh_parse_subcommand 1 'version' 'h/help'
            case 'reset'
                __odsh_parse_subcommand 1 'version' 'h/help'
            end
        case 'store'
            __odsh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'status'
                __odsh_parse_subcommand 0 'version' 'h/help'
            case 'lock'
                __odsh_parse_subcommand 0 'version' 'h/help'
            case 'unlock'
                __odsh_parse_subcommand 0 'store-passphrase-file=' 'insecure-store' 'version' 'h/help'
            case 'change-passphrase'
                __odsh_parse_subcommand 0 'store-passphrase-file=' 'new-passphrase-file=' 'insecure-store' 'version' 'h/help'
            case 'reset'
                __odsh_parse_subcommand 0 'y/yes' 'version' 'h/help'
            end
        case 'cache'
            __odsh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __odsh_parse_subcommand 0 'version' 'h/help'
            case 'clear'
                __odsh_parse_subcommand 1 'version' 'h/help'
            end
        case 'services'
            __odsh_parse_subcommand 2 'v2' 'v4' 'json' 'v/verbose' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
        case 'verify'
            __odsh_parse_subcommand 1 'top=' 'jobs=' 'json' 'v/verbose' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
        case 'mcp'
            __odsh_parse_subcommand 2 'metadata=' 'allow-writes' 'max-rows=' 'max-bytes=' 'guide' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
        case 'payload'
            __odsh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'decode'
                __odsh_parse_subcommand 1 'metadata=' 'entity-set=' 'format=' 'annotations' 'strict' 'q/quiet' 'v/verbose' 'version' 'h/help'
            end
        case 'generate'
            __odsh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'swift'
                __odsh_parse_subcommand 1 'destination=' 'service=' 'prefix=' 'module=' 'package' 'internal' 'open-enumerations' 'disable-optionals' 'annotations=' 'allow-case-conflicts' 'library=' 'library-version=' 'force' 'dry-run' 'strict' 'q/quiet' 'no-cache' 'metadata-max-age=' 'metadata-fix=' 'H/header=+' 'user-agent=' 'cert=' 'key=' 'cacert=' 'insecure' 'timeout=' 'connect-timeout=' 'proxy=' 'sap-client=' 'sap-language=' 'u/user=' 'bearer=' 'negotiate' 'auth=' 'authorize-url=' 'device-authorization-url=' 'token-endpoint=' 'client-id=' 'scope=' 'cookie=' 'cookie-jar=' 'netrc' 'max-metadata-size=' 'max-body-size=' 'max-value-size=' 'retries=' 'retry-max-wait=' 'trace' 'trace-data' 'trace-pretty' 'trace-file=' 'trace-secrets' 'version' 'h/help'
            end
        case 'help'
            __odsh_parse_subcommand -r 1 'version'
        end
    end
end

function __odsh_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __odsh_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __odsh_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __odsh_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__odsh_tokens -p)
    if test -z "$(__odsh_tokens -t)"
        set -l index (count (__odsh_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'odsh' -f
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'shell' -d 'Run statements of the query language against an OData service (the default command).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'metadata' -d 'Read a metadata document (CSDL XML or JSON, OData V2, V3, V4) and show what it holds.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'diff' -d 'Compare two versions of a service\'s metadata and judge every change by SAP\'s refresh rules.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'profile' -d 'Named services and how to sign in to them: add, list, show, secret, remove, reset.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'store' -d 'The secure store of passwords, tokens, API keys and session cookies: status, lock, unlock, change its passphrase, reset.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'cache' -d 'The cached $metadata documents: list them, or clear all, a profile\'s or a service\'s.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'services' -d 'List the OData services of an SAP Gateway system from its catalogs (V2 catalog service, V4 service groups).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'verify' -d 'Smoke-test a service: read every entity set with $top=N; exit 1 when one fails.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'mcp' -d 'Serve an OData service to AI agents as tools, over the Model Context Protocol on stdio.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'payload' -d 'Read OData data payloads (V4 JSON, V2 JSON, Atom) from files.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'generate' -d 'Generate code for a service from its metadata.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa 'help' -d 'Show subcommand help information.'
# The default subcommand's profile: odsh NAME
function __odsh_profile_names
    set -l tokens (__odsh_tokens -p)
    command $tokens[1] profile list --names 2>/dev/null
end
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh" -eq 1' -fa '(__odsh_profile_names)' -d 'profile'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" metadata' -l 'metadata' -d 'Read the service\'s metadata from this file instead of URL/$metadata.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh shell" -eq 1' -fka '(__odsh_custom_completion ---completion shell -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell"' -s 'c' -d 'A statement to run (repeatable).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" f' -s 'f' -d 'A file of statements (- for stdin).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" dry-run' -l 'dry-run' -d 'Print each request (method, URL, body) instead of sending it.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" v verbose' -s 'v' -l 'verbose' -d 'Show every metadata warning and the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" o output' -s 'o' -l 'output' -d 'Output format: table, vertical, json, ndjson or csv (default: the profile\'s, else table on a terminal, json otherwise).' -rfka 'table vertical json ndjson csv'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" all' -l 'all' -d 'Follow every next link and stream all rows (the default in scripts; in the interactive shell, .next shows the next page).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" first-page' -l 'first-page' -d 'In scripts, read the first page only (a note on stderr says when the result has more).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" page-size' -l 'page-size' -d 'Ask the service for pages of at most N entities (Prefer: odata.maxpagesize=N; 0: its choice; default: the profile\'s page-size).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" row-limit' -l 'row-limit' -d 'Show at most N rows (0: no limit).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" color' -l 'color' -d 'Colour: auto (on a terminal, unless NO_COLOR is set), always or never.' -rfka 'auto always never'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" continue-on-error' -l 'continue-on-error' -d 'Go on after a failing statement (the exit status is still that of the worst failure).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" timing' -l 'timing' -d 'Show how long each statement takes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh shell" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata" -eq 1' -fa 'summary' -d 'Version, schemas and counts of every kind of element; warnings.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata" -eq 1' -fa 'sets' -d 'Entity sets and singletons with their types, keys and labels.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata" -eq 1' -fa 'describe' -d 'An entity set, singleton, type, function or action in detail: properties, facets, keys, navigation, annotations.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata" -eq 1' -fa 'annotations' -d 'Annotations as data: target, term, qualifier and value of each (inline, Annotations blocks, V2 sap: attributes).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata" -eq 1' -fa 'find' -d 'Search names, SAP labels and descriptions of sets, types, properties, navigation properties and functions.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata summary" -eq 1' -fka '(__odsh_custom_completion ---completion metadata summary -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" json' -l 'json' -d 'Write JSON instead of text.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" strict' -l 'strict' -d 'Treat metadata warnings as errors (exit 4).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" v verbose' -s 'v' -l 'verbose' -d 'Show every warning and the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" q quiet' -s 'q' -l 'quiet' -d 'Do not list metadata warnings.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata summary" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata sets" -eq 1' -fka '(__odsh_custom_completion ---completion metadata sets -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" json' -l 'json' -d 'Write JSON instead of text.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" strict' -l 'strict' -d 'Treat metadata warnings as errors (exit 4).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" v verbose' -s 'v' -l 'verbose' -d 'Show every warning and the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" q quiet' -s 'q' -l 'quiet' -d 'Do not list metadata warnings.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata sets" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata describe" -eq 1' -fka '(__odsh_custom_completion ---completion metadata describe -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" json' -l 'json' -d 'Write JSON instead of text.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" strict' -l 'strict' -d 'Treat metadata warnings as errors (exit 4).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" v verbose' -s 'v' -l 'verbose' -d 'Show every warning and the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" q quiet' -s 'q' -l 'quiet' -d 'Do not list metadata warnings.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata describe" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata annotations" -eq 1' -fka '(__odsh_custom_completion ---completion metadata annotations -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" json' -l 'json' -d 'Write JSON instead of text.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" strict' -l 'strict' -d 'Treat metadata warnings as errors (exit 4).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" v verbose' -s 'v' -l 'verbose' -d 'Show every warning and the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" q quiet' -s 'q' -l 'quiet' -d 'Do not list metadata warnings.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" term' -l 'term' -d 'Only terms that match this pattern (* any text, case-insensitive; UI.LineItem, \'Common.*\', sap:label).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata annotations" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh metadata find" -eq 1' -fka '(__odsh_custom_completion ---completion metadata find -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" json' -l 'json' -d 'Write JSON instead of text.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" strict' -l 'strict' -d 'Treat metadata warnings as errors (exit 4).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" v verbose' -s 'v' -l 'verbose' -d 'Show every warning and the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" q quiet' -s 'q' -l 'quiet' -d 'Do not list metadata warnings.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh metadata find" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh diff" -eq 1' -fka '(__odsh_custom_completion ---completion diff -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh diff" -eq 2' -fka '(__odsh_custom_completion ---completion diff -- positional@1 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" format' -l 'format' -d 'Output format: text, json, markdown (a pull-request comment) or junit (XML for CI).' -rfka 'text json markdown junit'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" open-enums' -l 'open-enums' -d 'Pre-approve new enumeration members (SAP\'s hasOpenEnumerations).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" allow-changes' -l 'allow-changes' -d 'Pre-approve changes of types, nullability, base types, enum values, keys (canChangeAnything).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" allow-removals' -l 'allow-removals' -d 'Pre-approve every removal (canRemoveAnything).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff"' -l 'can-be-removed' -d 'Pre-approve removing this element of OLD (canBeRemoved), by its path as the report writes it, e.g. NS.Customer/Fax or Container/Customers. Repeatable.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" fail-on' -l 'fail-on' -d 'Exit 1 when a change is at or above this: incompatible, any (anything but info), never.' -rfka 'incompatible any never'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" strict' -l 'strict' -d 'Treat metadata warnings as errors (exit 4).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" q quiet' -s 'q' -l 'quiet' -d 'Text: only the changes that fail, and the summary. No metadata warnings.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" v verbose' -s 'v' -l 'verbose' -d 'Text: each rule\'s sentence and values in full. Every metadata warning.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh diff" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile" -eq 1' -fa 'add' -d 'Add a profile: ask for (or take from the options) how to sign in, check it by loading the metadata, store it.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile" -eq 1' -fa 'list' -d 'List the profiles.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile" -eq 1' -fa 'show' -d 'Show a profile\'s settings and files; secrets are masked.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile" -eq 1' -fa 'secret' -d 'Store a profile\'s secret in its secrets file (asked without echo, or one line of standard input).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile" -eq 1' -fa 'remove' -d 'Remove a profile with its cookies, cached metadata, secrets and history.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile" -eq 1' -fa 'reset' -d 'Delete a profile\'s cookies, cached metadata, stored secrets and history; keep the profile.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" auth' -l 'auth' -d 'How to sign in: none|basic|bearer|cookie|form|oauth2-client|oauth2-password|oauth2-saml-bearer|cert|kerberos|browser|device.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" user' -l 'user' -d 'The user (basic, form, oauth2-password).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" secret-from' -l 'secret-from' -d 'Where the password, token, cookie or client secret comes from: env:VAR, command:CMD, file[:PATH] or prompt.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" client-secret-from' -l 'client-secret-from' -d 'Where the client secret of oauth2-password, browser or device comes from (omit for a public client).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" login-url' -l 'login-url' -d 'Form login: the URL the login form posts to.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" user-field' -l 'user-field' -d 'Form login: the user name field (default: j_username).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" password-field' -l 'password-field' -d 'Form login: the password field (default: j_password).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add"' -l 'login-field' -d 'Form login: another field to post (repeatable).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" login-user-agent' -l 'login-user-agent' -d 'Form login: the User-Agent of the login request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" authorize-url' -l 'authorize-url' -d 'Browser sign-in: the authorization endpoint URL (…/oauth/authorize).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" device-authorization-url' -l 'device-authorization-url' -d 'Device sign-in: the device authorization endpoint URL (…/devicecode, …/oauth/device/code).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" token-endpoint' -l 'token-endpoint' -d 'OAuth2: the token endpoint URL.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" client-id' -l 'client-id' -d 'OAuth2: the client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" client-auth' -l 'client-auth' -d 'OAuth2: send the client\'s ID and secret as basic authentication or in the body (default: basic).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" scope' -l 'scope' -d 'OAuth2: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" token-cache' -l 'token-cache' -d 'OAuth2: keep tokens in the secrets file until they expire, for the next runs (always so for browser and device sign-in).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" company-id' -l 'company-id' -d 'SAML bearer (SuccessFactors): the company ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" saml-key' -l 'saml-key' -d 'SAML bearer: the client\'s RSA private key (PEM) that signs the assertion.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" saml-cert' -l 'saml-cert' -d 'SAML bearer: the client\'s X.509 certificate (PEM), sent in the signature.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" saml-audience' -l 'saml-audience' -d 'SAML bearer: the assertion\'s audience (default: www.successfactors.com).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" output' -l 'output' -d 'The shell\'s default output format.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" page-size' -l 'page-size' -d 'The shell\'s page size.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" metadata' -l 'metadata' -d 'Use this metadata file instead of the service\'s $metadata.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" metadata-fix' -l 'metadata-fix' -d 'Apply this metadata fix-up file after every load.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" no-check' -l 'no-check' -d 'Store the profile without loading the metadata first.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" force' -l 'force' -d 'Replace a profile of the same name (its old cookies, cache and secrets go).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" no-input' -l 'no-input' -d 'Ask nothing, even on a terminal.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" v verbose' -s 'v' -l 'verbose' -d 'Show the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile list" names' -l 'names' -d 'Only the names, one a line, and nothing when there are none (for scripts and shell completion).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile list" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile show" -eq 1' -fka '(__odsh_custom_completion ---completion profile show -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile show" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile secret" -eq 1' -fka '(__odsh_custom_completion ---completion profile secret -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile secret" client-secret' -l 'client-secret' -d 'The OAuth2 client secret of an oauth2-password profile, not its password.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile secret" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile secret" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile remove" -eq 1' -fka '(__odsh_custom_completion ---completion profile remove -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile remove" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile remove" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh profile reset" -eq 1' -fka '(__odsh_custom_completion ---completion profile reset -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile reset" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh profile reset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh store" -eq 1' -fa 'status' -d 'Where secrets live, and whether the store is unlocked.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh store" -eq 1' -fa 'lock' -d 'Forget the store\'s key now: the next use asks for the passphrase.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh store" -eq 1' -fa 'unlock' -d 'Unlock the store for this terminal session (creates it, with a new passphrase, when there is none).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh store" -eq 1' -fa 'change-passphrase' -d 'Encrypt the store under a new passphrase.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh store" -eq 1' -fa 'reset' -d 'Remove every secret and session cookie odsh keeps (a forgotten passphrase: start again).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store status" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store lock" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store lock" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store unlock" store-passphrase-file' -l 'store-passphrase-file' -d 'Read the store\'s passphrase from the first line of this file (for scripts; keep it private).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store unlock" insecure-store' -l 'insecure-store' -d 'Allow an empty passphrase for a new store: anyone who can read the file can then open it.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store unlock" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store unlock" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store change-passphrase" store-passphrase-file' -l 'store-passphrase-file' -d 'Read the store\'s passphrase from the first line of this file (for scripts; keep it private).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store change-passphrase" new-passphrase-file' -l 'new-passphrase-file' -d 'Read the new passphrase from the first line of this file (else $ODSH_STORE_NEW_PASSPHRASE, else the terminal).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store change-passphrase" insecure-store' -l 'insecure-store' -d 'Allow an empty new passphrase: anyone who can read the file can then open it.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store change-passphrase" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store change-passphrase" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store reset" y yes' -l 'yes' -s 'y' -d 'Do not ask for confirmation.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store reset" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh store reset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh cache" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh cache" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh cache" -eq 1' -fa 'list' -d 'List the cached metadata documents.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh cache" -eq 1' -fa 'clear' -d 'Remove cached metadata: all, a profile\'s (by name) or a service\'s (by URL).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh cache list" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh cache list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh cache clear" -eq 1' -fka '(__odsh_custom_completion ---completion cache clear -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh cache clear" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh cache clear" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh services" -eq 1' -fka '(__odsh_custom_completion ---completion services -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" v2' -l 'v2' -d 'Only the V2 catalog service.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" v4' -l 'v4' -d 'Only the V4 service groups.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" json' -l 'json' -d 'Write JSON instead of a table.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" v verbose' -s 'v' -l 'verbose' -d 'Show the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh services" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh verify" -eq 1' -fka '(__odsh_custom_completion ---completion verify -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" top' -l 'top' -d 'Entities to read from each set (default: 1).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" jobs' -l 'jobs' -d 'Entity sets read at the same time, on one session (default: 4).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" json' -l 'json' -d 'Write JSON instead of a table.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" v verbose' -s 'v' -l 'verbose' -d 'Show the details of errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh verify" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh mcp" -eq 1' -fka '(__odsh_custom_completion ---completion mcp -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" metadata' -l 'metadata' -d 'Read the service\'s metadata from this file instead of URL/$metadata.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" allow-writes' -l 'allow-writes' -d 'Offer the create, update, delete and action tools (the service is read-only to agents without it).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" max-rows' -l 'max-rows' -d 'Rows per answer at most, and by default (1 to 1000).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" max-bytes' -l 'max-bytes' -d 'Bytes of rows per answer at most (one row always comes; 1000 or more).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" guide' -l 'guide' -d 'Print the guide the agent is given (how to use the tools, with examples from the service) and exit.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh mcp" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh payload" -eq 1' -fa 'decode' -d 'Decode a payload against its metadata and write the entities as NDJSON, one per line.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" metadata' -l 'metadata' -d 'The service\'s metadata (CSDL XML or JSON).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" entity-set' -l 'entity-set' -d 'The entity set (or singleton) the payload holds.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" format' -l 'format' -d 'v4json, v2json or atom (default: guessed from the payload).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" annotations' -l 'annotations' -d 'Write entity metadata (@odata.id, @odata.etag, links) too.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" strict' -l 'strict' -d 'Treat values that do not fit the metadata as errors.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" q quiet' -s 'q' -l 'quiet' -d 'Do not report warnings, next link or count on stderr.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" v verbose' -s 'v' -l 'verbose' -d 'Report every warning (not only the first 10).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh payload decode" -eq 1' -F
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh payload decode" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh generate" -eq 1' -fa 'swift' -d 'Write typed Swift proxy classes for a service (a service class, a class per entity and complex type, enums).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional "odsh generate swift" -eq 1' -fka '(__odsh_custom_completion ---completion generate swift -- positional@0 (count (__odsh_tokens -pc)) (__odsh_tokens -tC))'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" destination' -l 'destination' -d 'The folder to write the Swift files to (created when missing).' -rfa '(__odsh_complete_directories)'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" service' -l 'service' -d 'The service class\'s name (default: named for the service, from its entity container\'s).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" prefix' -l 'prefix' -d 'A prefix for the classes of entity, complex and enumeration types.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" module' -l 'module' -d 'The Swift module and package name (default: the service class\'s name).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" package' -l 'package' -d 'Write a complete Swift package: Package.swift and Sources/MODULE.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" internal' -l 'internal' -d 'Declare everything internal instead of public.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" open-enumerations' -l 'open-enumerations' -d 'Enums accept members added to the service later (and refreshMetadata pre-approves them).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" disable-optionals' -l 'disable-optionals' -d 'No property is optional: one that was not read (left out by $select) or is null reads as its type\'s default ("", 0, false), which only isLoaded tells from a real value.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" annotations' -l 'annotations' -d 'A CSDL file with Proxy.ClassName / Proxy.PropertyName annotations that rename classes and properties.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" allow-case-conflicts' -l 'allow-case-conflicts' -d 'Rename names that differ only in case with a suffix instead of refusing them.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" library' -l 'library' -d '--package: where the package gets the odsh library: the URL of its git repository, or the path of a checkout (default: the source this odsh was built from, when it is still there).' -rfa '(__odsh_complete_directories)'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" library-version' -l 'library-version' -d '--package with a --library URL: the version of the odsh library to depend on (from:; default: this odsh\'s).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" force' -l 'force' -d 'Overwrite files in the way that are not this service\'s proxies (the user\'s own, another service\'s).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" dry-run' -l 'dry-run' -d 'Write nothing: list the files that would be written, left unchanged and removed, those in the way, and every rename.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" strict' -l 'strict' -d 'Treat metadata warnings as errors (exit 4).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" q quiet' -s 'q' -l 'quiet' -d 'Do not list metadata warnings nor the files written.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" no-cache' -l 'no-cache' -d 'Fetch $metadata afresh; neither read nor write the metadata cache.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" metadata-max-age' -l 'metadata-max-age' -d 'Use cached metadata without asking the service for this long after it was last checked (0: always ask; default: the profile\'s metadata-max-age, else the service\'s Cache-Control max-age, else 300).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" metadata-fix' -l 'metadata-fix' -d 'Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label="Amount"`) after loading.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift"' -s 'H' -l 'header' -d 'Send this header with every request (repeatable). "Name;" sends an empty value.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" user-agent' -l 'user-agent' -d 'The User-Agent header (default: odsh/0.1.0 ODataClient/0.1.0 libcurl/VERSION).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" cert' -l 'cert' -d 'Client certificate for mutual TLS (PEM; may include the key).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" key' -l 'key' -d 'Private key of --cert (PEM).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" cacert' -l 'cacert' -d 'Verify the server with these CA certificates (PEM) instead of the system\'s.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" insecure' -l 'insecure' -d 'Do not verify the server\'s TLS certificate or host name. Anyone on the way can then read and change the traffic.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" timeout' -l 'timeout' -d 'Seconds a request may take in all, 0 for no limit (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" connect-timeout' -l 'connect-timeout' -d 'Seconds to connect, TLS handshake included (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" proxy' -l 'proxy' -d 'Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" sap-client' -l 'sap-client' -d 'SAP client, sent as sap-client=N with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" sap-language' -l 'sap-language' -d 'SAP logon language, sent as sap-language=L with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" u user' -s 'u' -l 'user' -d 'Basic authentication. Without ":password", odsh asks for it on the terminal.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" bearer' -l 'bearer' -d 'Send "Authorization: Bearer TOKEN" (default: $ODSH_BEARER_TOKEN).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" negotiate' -l 'negotiate' -d 'Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" auth' -l 'auth' -d 'How a person signs in for this run: browser, or device (a code entered on another device, for a machine without a browser), at a profile\'s endpoints or the ones given here.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" authorize-url' -l 'authorize-url' -d 'Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" device-authorization-url' -l 'device-authorization-url' -d 'Sign in with a code entered on another device, at this OAuth2 device authorization endpoint (with --token-endpoint and --client-id; a confidential client\'s secret from $ODSH_CLIENT_SECRET).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" token-endpoint' -l 'token-endpoint' -d 'Browser or device sign-in: the OAuth2 token endpoint.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" client-id' -l 'client-id' -d 'Browser or device sign-in: the OAuth2 client ID.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" scope' -l 'scope' -d 'Browser or device sign-in: the scope to ask for.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" cookie' -l 'cookie' -d 'Send these cookies with every request.' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" cookie-jar' -l 'cookie-jar' -d 'Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP\'s MYSAPSSO2 lasts between runs.' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" netrc' -l 'netrc' -d 'Take user and password for the host from ~/.netrc.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" max-metadata-size' -l 'max-metadata-size' -d 'Read a $metadata document of at most this many MiB (default: 128).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" max-body-size' -l 'max-body-size' -d 'Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" max-value-size' -l 'max-value-size' -d 'Read one value of a payload (a string, an entity\'s text) of at most this many MiB (default: 64).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" retries' -l 'retries' -d 'Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" retry-max-wait' -l 'retry-max-wait' -d 'Wait at most this many seconds in all for the retries of one request (default: 30).' -rfka ''
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" trace' -l 'trace' -d 'Trace every HTTP exchange on stderr: method, URL, status, time, bytes.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" trace-data' -l 'trace-data' -d 'Trace headers and bodies too (implies --trace; long bodies are cut).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" trace-pretty' -l 'trace-pretty' -d 'Indent JSON and XML bodies in the trace (implies --trace-data).'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" trace-file' -l 'trace-file' -d 'Append the trace to this file instead of stderr (implies --trace).' -rF
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" trace-secrets' -l 'trace-secrets' -d 'Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" version' -l 'version' -d 'Show the version.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh generate swift" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'odsh' -n '__odsh_should_offer_completions_for_flags_or_options "odsh help" version' -l 'version' -d 'Show the version.'
