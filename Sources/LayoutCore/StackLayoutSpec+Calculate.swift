// TEMPORARY placeholder until the stack algorithm lands (replaced by the stack work).
extension StackLayoutSpec {
    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        Layout(element: "stack", size: range.min, context: context)
    }
}
