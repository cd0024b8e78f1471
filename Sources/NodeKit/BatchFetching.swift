import LayoutCore

/// Lets a delegate decide from the time left before the user reaches the end of the content.
public protocol BatchFetchingDelegate: Sendable {
    /// `remainingTime` is the remaining distance divided by (velocity × 1000); `hint` is the
    /// distance rule's answer.
    func shouldFetchBatch(remainingTime: Double, hint: Bool) -> Bool
}

/// Texture's batch-fetching rule (`ASDisplayShouldFetchBatchForScrollView`, semantics §8).
public enum BatchFetching {
    /// Screens of content left before a fetch starts (table and collection default).
    public static let defaultLeadingScreens: Double = 2.0

    /// Whether to start fetching the next batch.
    ///
    /// In order: never while a fetch runs; never with `leadingScreens ≤ 0` or empty bounds;
    /// always when the content is shorter than the view along the scroll axis (vertical when
    /// the scrollable directions include up or down), even when invisible or scrolling back;
    /// never when invisible or scrolling toward the head (up, or left — right in RTL; only `rtl`
    /// counts here, not `flipsInRTL`); otherwise when the remaining distance is within
    /// `leadingScreens` screens. The remaining distance is the offset itself for RTL horizontal
    /// content that is not flipped, else `contentLength − viewLength − offset`. A delegate, if
    /// any, gets the last word when the velocity along the axis is positive.
    public static func shouldFetchBatch(
        context: BatchContext, scrollDirection: ScrollDirection, scrollableDirections: ScrollDirection,
        bounds: Rect, contentSize: Size, targetOffset: Point, leadingScreens: Double, visible: Bool,
        rtl: Bool = false, velocity: Point = .zero, flipsInRTL: Bool = false,
        delegate: (any BatchFetchingDelegate)? = nil
    ) -> Bool {
        if context.isFetching { return false }
        if leadingScreens <= 0 || bounds.size.width == 0 || bounds.size.height == 0 { return false }

        let vertical = scrollableDirections.containsVertical
        let viewLength = vertical ? bounds.size.height : bounds.size.width
        let offset = vertical ? targetOffset.y : targetOffset.x
        let contentLength = vertical ? contentSize.height : contentSize.width
        let axisVelocity = vertical ? velocity.y : velocity.x

        if contentLength < viewLength { return true }
        if !visible { return false }

        let towardHead = scrollDirection.contains(.up) || scrollDirection.contains(rtl ? .right : .left)
        if towardHead { return false }

        let trigger = viewLength * leadingScreens
        let reversed = rtl && !flipsInRTL && scrollableDirections.containsHorizontal
        let remaining = reversed ? offset : contentLength - viewLength - offset
        let result = remaining <= trigger

        if let delegate, axisVelocity > 0 {
            return delegate.shouldFetchBatch(remainingTime: remaining / (axisVelocity * 1000), hint: result)
        }
        return result
    }
}
