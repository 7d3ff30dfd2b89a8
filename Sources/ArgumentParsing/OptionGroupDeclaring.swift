/// An `@OptionGroup`, seen through reflection.
protocol OptionGroupDeclaring {
    var groupValue: any ParsableArguments { get }
}
