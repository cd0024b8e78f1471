import FeedAPIModel
import NIOCore

/// An event of the change stream with its bytes on the wire, made once: the hub makes the frame
/// of a change once for every subscriber of its width and scale, which write the same buffer.
struct ChangeFrame: Hashable, Sendable {
    let event: CellChangeEvent
    let bytes: ByteBuffer

    init(_ event: CellChangeEvent) {
        self.event = event
        bytes = ByteBuffer(string: event.serverSentEvent)
    }
}
