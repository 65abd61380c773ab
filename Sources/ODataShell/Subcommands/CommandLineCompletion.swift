import ArgumentParser
import FoundationEssentials

/// What the bash, zsh and fish completions of the odsh command line offer beyond the argument parser's declaration:
/// the names of the configured profiles (asked of odsh at TAB time, so they are always the current ones) and file
/// paths where an argument is a file, a URL or a profile.
///
/// The scripts come from swift-argument-parser (`odsh --generate-completion-script SHELL`, written to completions/
/// by scripts/gen-completions.sh). Arguments that take a profile name complete through `.custom` closures, which the
/// scripts run as `odsh ---completion ...`. The default subcommand's profile (`odsh NAME`) is a word of the top
/// level, where the parser offers only subcommand names: `addingProfileNames` adds `odsh profile list --names` there.
enum CommandLineCompletion {
    /// The names of the configured profiles, in the config's order; none when there is no config or it cannot be read
    /// (a completion never reports errors).
    static func profileNames() -> [String] {
        (try? ProfileContext.current(terminal: .process).profiles().profiles.map(\.name)) ?? []
    }

    /// An argument that is a profile's name.
    static let profileName = CompletionKind.custom { _, _, prefix in
        profileNames().filter { $0.hasPrefix(prefix) }
    }

    /// An argument that is a profile's name or a service URL (URLs are not completed).
    static let profileOrURL = profileName

    /// An argument that is a metadata file, a service URL or a profile's name: profile names and paths.
    static let fileOrProfile = CompletionKind.custom { _, _, prefix in
        profileNames().filter { $0.hasPrefix(prefix) } + PathCompletion.paths(completing: prefix)
    }

    /// The argument parser's completion script for `shell` with the profile names added (see `addingProfileNames`).
    static func script(for shell: CompletionShell) -> String {
        addingProfileNames(to: OdshCommand.completionScript(for: shell))
    }

    /// A completion script the argument parser generated (`--generate-completion-script SHELL`), with the profile
    /// names added to the top level, where `odsh NAME` opens a profile in the default subcommand. Each addition
    /// follows a line that only that shell's script has; other text (help, a version) has none and is unchanged.
    /// When the generator changes so that the line is gone, the script goes out without it (the shell completion
    /// tests fail).
    static func addingProfileNames(to generated: String) -> String {
        var text = generated
        // bash: in _odsh's `*)` branch, after the subcommand names; only for the first word after odsh.
        text = insert(afterLineContaining: "COMPREPLY+=($(compgen -W 'shell ", in: text, [
            "        # The default subcommand's profile: odsh NAME",
            "        [[ \"${#unparsed_words[@]}\" -eq 0 ]] && __odsh_add_completions -W \"$(\"${COMP_WORDS[0]}\" profile list --names 2>/dev/null)\"",
        ])
        // zsh: in _odsh's `command` state, after the subcommand names.
        text = insert(afterLineContaining: "_describe -V subcommand subcommands && ret=0", in: text, [
            "        # The default subcommand's profile: odsh NAME",
            "        local -a profiles=(\"${(@f)$(\"${command_name}\" profile list --names 2>/dev/null)}\")",
            "        profiles=(\"${(@)profiles:#}\")",
            "        (( ${#profiles} )) && _describe -V profile profiles && ret=0",
        ])
        // fish: after the last of the top level's subcommand names.
        text = insert(afterLineContaining: "__odsh_should_offer_completions_for_positional \"odsh\" -eq 1' -fa 'help'", in: text, [
            "# The default subcommand's profile: odsh NAME",
            "function __odsh_profile_names",
            "    set -l tokens (__odsh_tokens -p)",
            "    command $tokens[1] profile list --names 2>/dev/null",
            "end",
            "complete -c 'odsh' -n '__odsh_should_offer_completions_for_positional \"odsh\" -eq 1' -fa '(__odsh_profile_names)' -d 'profile'",
        ])
        return text
    }

    /// `text` with `lines` after the first line that contains `anchor`; unchanged when there is none.
    private static func insert(afterLineContaining anchor: String, in text: String, _ lines: [String]) -> String {
        guard let hit = text.firstRange(of: anchor), let end = text[hit.upperBound...].firstIndex(of: "\n") else { return text }
        let after = text.index(after: end)
        return String(text[..<after]) + lines.map { $0 + "\n" }.joined() + String(text[after...])
    }
}
