/// Thrown by a command group's default `run()`: show the group's help.
struct HelpRequest: Error {}
