import Glibc
import SystemSupport

/// Pixel memory for the surfaces a frame makes and throws away (offscreen layers, the
/// projection's scratch), kept from one frame to the next. A 3D card's layer is the same size
/// frame after frame; allocating it anew each time costs page faults, the kernel's zeroing
/// and, when it is freed, an unmap that interrupts the other core (a tenth of an
/// `interactive-3d` frame at 4K, measured with perf). Blocks not used during a frame are freed
/// when it ends, so the pool holds at most what one frame used. Safe from several bands at once.
final class ScratchPool: @unchecked Sendable {
    private final class Block {
        let memory: UnsafeMutableRawPointer
        let capacity: Int
        var inUse = false
        var usedThisFrame = true
        init(capacity: Int) {
            self.capacity = capacity
            memory = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        }
        deinit { memory.deallocate() }
    }
    private let blocks = Locked<[Block]>([])

    /// Bytes held now (in use or waiting for the next frame).
    var byteCount: Int { blocks.withLock { $0.reduce(0) { $0 + $1.capacity } } }

    /// Memory for at least `bytes` (not cleared): a free block that fits without wasting more
    /// than half of it, else a new one.
    func take(bytes: Int) -> UnsafeMutableRawPointer {
        blocks.withLock { blocks in
            let fitting = blocks.filter { !$0.inUse && $0.capacity >= bytes && $0.capacity <= bytes * 2 }
            let block = fitting.min { $0.capacity < $1.capacity } ?? {
                let b = Block(capacity: (bytes + 65535) & ~65535)
                blocks.append(b)
                return b
            }()
            block.inUse = true
            block.usedThisFrame = true
            return block.memory
        }
    }

    /// Gives back memory from `take`.
    func give(_ memory: UnsafeMutableRawPointer) {
        let address = Int(bitPattern: memory)
        blocks.withLock { $0.first { Int(bitPattern: $0.memory) == address }?.inUse = false }
    }

    /// A frame ended: blocks it did not use are freed.
    func endFrame() {
        blocks.withLock { blocks in
            blocks.removeAll { !$0.inUse && !$0.usedThisFrame }
            for b in blocks { b.usedThisFrame = false }
        }
    }
}
