/// The axis a stack places its children along.
public enum StackDirection: String, Hashable, Sendable, CaseIterable {
    case vertical, horizontal
}

/// Distribution along the stack axis. Texture has no `spaceEvenly`.
public enum StackJustifyContent: String, Hashable, Sendable, CaseIterable {
    case start, center, end, spaceBetween, spaceAround
}

/// Alignment across the stack axis.
public enum StackAlignItems: String, Hashable, Sendable, CaseIterable {
    case start, end, center, stretch, baselineFirst, baselineLast, notSet
}

/// Whether children that overflow the stack axis start a new line.
public enum StackFlexWrap: String, Hashable, Sendable, CaseIterable {
    case noWrap, wrap
}

/// Distribution of lines across the stack axis (wrapping stacks).
public enum StackAlignContent: String, Hashable, Sendable, CaseIterable {
    case start, center, end, spaceBetween, spaceAround, stretch
}

/// Texture's horizontal alignment helper; rewrites justifyContent or alignItems by direction.
public enum StackHorizontalAlignment: String, Hashable, Sendable, CaseIterable {
    case none, left, middle, right
}

/// Texture's vertical alignment helper; rewrites justifyContent or alignItems by direction.
public enum StackVerticalAlignment: String, Hashable, Sendable, CaseIterable {
    case none, top, center, bottom
}
