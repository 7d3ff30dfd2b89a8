/// Interned return stacks: id 0 is the empty stack; each other id is (return state, parent).
struct StackTable {
    private var returnStates: [Int32] = [-1]
    private var parents: [UInt32] = [0]
    private var depths: [Int] = [0]
    private var ids: [UInt64: UInt32] = [:]

    func depth(_ stack: UInt32) -> Int { depths[Int(stack)] }

    func top(_ stack: UInt32) -> (Int32, UInt32) { (returnStates[Int(stack)], parents[Int(stack)]) }

    mutating func push(_ returnState: Int32, onto parent: UInt32) -> UInt32 {
        let key = (UInt64(UInt32(bitPattern: returnState)) << 32) | UInt64(parent)
        if let id = ids[key] { return id }
        let id = UInt32(returnStates.count)
        returnStates.append(returnState)
        parents.append(parent)
        depths.append(depths[Int(parent)] + 1)
        ids[key] = id
        return id
    }
}
