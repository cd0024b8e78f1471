/// The placing half of a stack's computation (Texture's `ASStackPositionedLayout`, semantics
/// §3.1.11): the children's layouts at raw positions, in child order.
///
/// Distribution is computed against the stack's **constraint**, not its final size: with a
/// 0 min and an unbounded max there is no room to distribute and justifyContent has no effect;
/// on overflow the room is negative, so centering pushes children out on both sides. No
/// rounding is applied here except Texture's `floorPixel` for cross-axis centering; the node
/// that flattens the layout snaps positions up to the pixel grid.
enum StackPositionedLayout {
    /// Positions every item of `layout` and returns their layouts in child order.
    static func sublayouts(_ layout: StackUnpositionedLayout, justifyContent: StackJustifyContent,
                           alignContent: StackAlignContent) -> [Layout] {
        let axis = layout.env.axis
        let constraint = layout.constraint
        let items = layout.items
        let lines = layout.lines
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(items.count)

        let lineDistribution = StackDistribution(
            room: constraint.crossViolation(layout.crossSum), count: lines.count,
            mode: StackDistribution.Mode(alignContent))
        var crossPosition = lineDistribution.offset
        for line in lines {
            let distribution = StackDistribution(room: constraint.stackViolation(line.stackSum),
                                                 count: line.items.count, mode: StackDistribution.Mode(justifyContent))
            var position = distribution.offset
            let betweenItems = layout.spacing + distribution.gap
            for index in line.items {
                let item = items[index]
                position += item.spacingBefore
                if index != line.items.lowerBound {
                    position += betweenItems
                }
                let cross = crossPosition + crossOffset(item, in: line, axis: axis, scale: layout.env.context.scale)
                sublayouts.append(item.layout.positioned(at: axis.point(stack: position, cross: cross)))
                position += axis.stack(item.layout.size) + item.spacingAfter
            }
            crossPosition += line.crossSize + lineDistribution.gap + layout.lineSpacing
        }
        return sublayouts
    }

    /// An item's offset from its line's cross start: End aligns it to the line's end, Center
    /// floors half the difference to the pixel grid, baseline alignment lines its baseline up
    /// with the line's, Start, Stretch and NotSet give 0.
    @inline(__always)
    static func crossOffset(_ item: StackItem, in line: StackLine, axis: StackAxis, scale: Double) -> Double {
        switch item.alignment {
        case .end:
            line.crossSize - axis.cross(item.layout.size)
        case .center:
            PixelSnapping.floor((line.crossSize - axis.cross(item.layout.size)) / 2, scale: scale)
        case .baselineFirst, .baselineLast:
            line.baseline - item.baseline(axis)
        case .start, .stretch, .notSet:
            0
        }
    }
}

/// Where the first of `count` things goes and the extra gap between them, sharing `room`
/// (a violation: positive when there is space left) as justifyContent/alignContent say.
///
/// SpaceBetween falls back to Start and SpaceAround to Center when there is a single thing or
/// less than 0.01 of room (overflow included).
struct StackDistribution {
    enum Mode {
        case start, center, end, spaceBetween, spaceAround

        @inline(__always)
        init(_ justify: StackJustifyContent) {
            self = switch justify {
            case .start: .start
            case .center: .center
            case .end: .end
            case .spaceBetween: .spaceBetween
            case .spaceAround: .spaceAround
            }
        }

        /// alignContent stretch places lines like Start (the lines themselves were stretched).
        @inline(__always)
        init(_ alignContent: StackAlignContent) {
            self = switch alignContent {
            case .start, .stretch: .start
            case .center: .center
            case .end: .end
            case .spaceBetween: .spaceBetween
            case .spaceAround: .spaceAround
            }
        }
    }

    var offset = 0.0
    var gap = 0.0

    @inline(__always)
    init(room: Double, count: Int, mode: Mode) {
        var mode = mode
        let cannotSpread = room < stackViolationEpsilon || count == 1
        if mode == .spaceBetween && cannotSpread { mode = .start }
        if mode == .spaceAround && cannotSpread { mode = .center }
        switch mode {
        case .start:
            break
        case .center:
            offset = room / 2
        case .end:
            offset = room
        case .spaceBetween:
            gap = room / Double(count - 1)
        case .spaceAround:
            let unit = room / Double(2 * count)
            offset = unit
            gap = 2 * unit
        }
    }
}
