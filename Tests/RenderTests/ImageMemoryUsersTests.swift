import Render
import Testing

/// One memory budget for the windows of several displays: a playlist moving on in one window
/// gives back what only it used, never what the other display still shows.
@Suite("One image memory, several windows")
struct ImageMemoryUsersTests {
    final class Holding {
        var evicted = false
    }

    func add(_ memory: ImageMemory, _ h: Holding, by user: Int) {
        memory.user = user
        memory.add(h, bytes: 100) { [unowned memory] in
            h.evicted = true
            memory.remove(h)
        }
    }

    @Test func aWindowMovingOnGivesBackOnlyWhatNoOtherWindowUses() {
        let memory = ImageMemory(byteLimit: 1 << 20)
        let (mine, theirs, shared) = (Holding(), Holding(), Holding())
        add(memory, mine, by: 0)
        add(memory, theirs, by: 1)
        add(memory, shared, by: 0)
        memory.user = 1
        memory.touch(shared)   // the other display shows the same photo
        memory.user = 0
        let mark = memory.mark
        memory.evict(usedBefore: mark)
        #expect(mine.evicted, "what only window 0 used goes")
        #expect(!theirs.evicted, "window 1's photo stays, though unused by window 0 since the mark")
        #expect(!shared.evicted, "a photo window 1 shows too stays")
        #expect(memory.byteCount == 200)
        // Window 1 moves on too: now the shared photo is no one's, and goes with its own.
        memory.user = 1
        memory.evict(usedBefore: memory.mark)
        #expect(theirs.evicted && shared.evicted && memory.byteCount == 0)
    }

    @Test func oneWindowEvictsAsBefore() {
        let memory = ImageMemory(byteLimit: 1 << 20)
        let (old, new) = (Holding(), Holding())
        add(memory, old, by: 0)
        let mark = memory.mark
        add(memory, new, by: 0)
        memory.evict(usedBefore: mark)
        #expect(old.evicted && !new.evicted)
    }
}
