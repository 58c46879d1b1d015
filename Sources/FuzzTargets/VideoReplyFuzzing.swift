import Video

/// A video worker's answers as a worker that was taken over might send them, one after
/// another, through the app's reading of each (`VideoWire.reply`) and the rules of the
/// conversation (`VideoConversation`), while the app shows and gives back frames as it plays.
/// After every answer taken, what the app holds must still be sound: frames only in slots of
/// the ring it made, each slot held once, times rising, the picture within the size asked for.
///
/// The bytes: 1 byte of set-up (sound asked for, the size asked), then messages, each a byte
/// of descriptors (how many came with it), a 16-bit length and the message.
enum VideoReplyFuzzing {
    static func converse(_ bytes: UnsafeRawBufferPointer) {
        var input = ByteReader(bytes)
        let setup = input.byte()
        let soundWanted = setup & 1 != 0
        let sizes = [(64, 36), (1920, 1080), (1, 1), (8192, 8192)]
        let (maxWidth, maxHeight) = sizes[Int(setup >> 1) & 3]
        var talk = VideoConversation()
        var replies = 0
        while !input.atEnd, replies < 512 {
            let descriptors = Int(input.byte() & 3)
            let message = Array(input.take(Int(input.u16() % 4096)))
            replies += 1
            guard case .success(let reply) = VideoWire.reply(message, descriptors: descriptors) else { continue }
            guard case .success = talk.take(reply, maxWidth: maxWidth, maxHeight: maxHeight, soundWanted: soundWanted) else { continue }
            check(talk, maxWidth: maxWidth, maxHeight: maxHeight)
            // The app shows the oldest frame every other answer and gives the one before back.
            if replies % 2 == 0, !talk.queue.isEmpty { talk.held.remove(talk.queue.removeFirst().slot) }
            if talk.sound.count > 100 { talk.sound.removeFirst(50) }
        }
    }

    static func check(_ talk: VideoConversation, maxWidth: Int, maxHeight: Int) {
        if let info = talk.info {
            precondition((1...maxWidth).contains(info.width) && (1...maxHeight).contains(info.height),
                         "a picture of \(info.width)×\(info.height) for \(maxWidth)×\(maxHeight) asked")
            precondition((3...6).contains(talk.slots), "a ring of \(talk.slots) frames")
        } else {
            precondition(talk.queue.isEmpty && talk.slots == 0, "frames before the description")
        }
        let slots = talk.queue.map(\.slot)
        precondition(Set(slots).count == slots.count && slots.allSatisfy { talk.held.contains($0) && (0..<talk.slots).contains($0) },
                     "slots \(slots) of \(talk.slots), held \(talk.held)")
        precondition(zip(talk.queue, talk.queue.dropFirst()).allSatisfy { $0.pts < $1.pts }, "times that do not rise")
        precondition(talk.sound.count <= VideoConversation.soundMessages, "\(talk.sound.count) sound messages ahead")
    }
}
