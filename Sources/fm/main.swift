import Foundation

// fm: see FM.swift for the subcommands and FM+Main.swift for how a run ends.
exit(await FM.main(Array(CommandLine.arguments.dropFirst())).rawValue)
