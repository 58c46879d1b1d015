/// Reading one entry of a playlist: what it shows (a scene or a video), for how long, and when.
extension Playlist {
    static let entryKeys = ["scene", "video", "seconds", "images", "settings", "loop", "sound",
                            "days", "from", "to", "dates", "event", "default"]

    static func entry(_ node: JSONNode, field: String, catalog: SceneCatalog, sound: Bool, today: CalendarDay) throws(Playlist.Error) -> Entry {
        let m = try members(of: node, field: field, keys: entryKeys)
        var entry: Entry
        switch (m["scene"], m["video"]) {
        case (let s?, nil): entry = try sceneEntry(s, m, field: field, catalog: catalog)
        case (nil, let v?): entry = try videoEntry(v, m, field: field, sound: sound)
        case (_?, _?): throw Playlist.Error(line: node.line, field: "\(field).video", reason: "an entry shows a scene or a video, not both")
        case (nil, nil): throw Playlist.Error(line: node.line, field: "\(field).scene", reason: "missing (the scene to show, or \"video\": a file to play)")
        }
        entry.isEvent = try m["event"].map { n throws(Playlist.Error) in try flag(n, field: "\(field).event") } ?? false
        entry.isDefault = try m["default"].map { n throws(Playlist.Error) in try flag(n, field: "\(field).default") } ?? false
        entry.schedule = try schedule(m, field: field, today: today)
        if entry.isEvent && entry.isDefault {
            throw Playlist.Error(line: m["default"]!.line, field: "\(field).default", reason: "an event plays at its time, the default when nothing is due: not both")
        }
        if entry.isEvent && entry.schedule?.from == nil {
            throw Playlist.Error(line: (m["event"] ?? node).line, field: "\(field).from", reason: "missing: an event needs the time it plays (\"from\": \"12:00\")")
        }
        if entry.isDefault, let key = ["days", "from", "to", "dates"].first(where: { m[$0] != nil }) {
            throw Playlist.Error(line: m[key]!.line, field: "\(field).\(key)", reason: "the default shows whenever nothing else is due: it takes no schedule")
        }
        return entry
    }

    private static func sceneEntry(_ sceneNode: JSONNode, _ m: [String: JSONNode], field: String, catalog: SceneCatalog) throws(Playlist.Error) -> Entry {
        guard case .string(let name) = sceneNode.value else { throw wrongType(sceneNode, field: "\(field).scene", expected: "a scene's name") }
        guard let type = catalog.scene(named: name) else {
            throw Playlist.Error(line: sceneNode.line, field: "\(field).scene",
                                 reason: "unknown scene \"\(name)\" (scenes: \(catalog.names.joined(separator: ", ")))")
        }
        if let key = ["loop", "sound"].first(where: { m[$0] != nil }) {
            throw Playlist.Error(line: m[key]!.line, field: "\(field).\(key)", reason: "for a video entry only")
        }
        guard let secondsNode = m["seconds"] else { throw Playlist.Error(line: sceneNode.line, field: "\(field).seconds", reason: "missing (how long the entry shows)") }
        var entry = Entry(scene: name, seconds: try seconds(secondsNode, field: "\(field).seconds"))
        if let images = m["images"] { entry.images = try paths(images, field: "\(field).images") }
        if let settings = m["settings"] { entry.settings = try self.settings(settings, field: "\(field).settings", type: type) }
        return entry
    }

    private static func videoEntry(_ videoNode: JSONNode, _ m: [String: JSONNode], field: String, sound: Bool) throws(Playlist.Error) -> Entry {
        if let key = ["images", "settings"].first(where: { m[$0] != nil }) {
            throw Playlist.Error(line: m[key]!.line, field: "\(field).\(key)", reason: "for a scene entry only")
        }
        var entry = Entry(video: try paths(videoNode, field: "\(field).video"))
        if let s = m["seconds"] { entry.seconds = try seconds(s, field: "\(field).seconds") }
        if let l = m["loop"] {
            entry.loops = try flag(l, field: "\(field).loop")
            if entry.loops && m["seconds"] == nil {
                throw Playlist.Error(line: l.line, field: "\(field).seconds", reason: "missing: a looping video needs how long the entry shows")
            }
        }
        entry.sound = try m["sound"].map { n throws(Playlist.Error) in try flag(n, field: "\(field).sound") } ?? sound
        return entry
    }

    private static func seconds(_ node: JSONNode, field: String) throws(Playlist.Error) -> Double {
        try number(node, field: field, in: 1...86_400, what: "a number of seconds from 1 to 86400")
    }

    static func flag(_ node: JSONNode, field: String) throws(Playlist.Error) -> Bool {
        guard case .bool(let b) = node.value else { throw wrongType(node, field: field, expected: "true or false") }
        return b
    }

    /// A path or a list of paths.
    private static func paths(_ node: JSONNode, field: String) throws(Playlist.Error) -> [String] {
        switch node.value {
        case .string(let p) where !p.isEmpty: return [p]
        case .array(let items) where !items.isEmpty:
            var out: [String] = []
            for (j, item) in items.enumerated() {
                guard case .string(let p) = item.value, !p.isEmpty else {
                    throw wrongType(item, field: "\(field)[\(j)]", expected: "a file or folder path")
                }
                out.append(p)
            }
            return out
        default: throw wrongType(node, field: field, expected: "a file or folder path, or a list of them")
        }
    }

    private static func settings(_ node: JSONNode, field: String, type: any Scene.Type) throws(Playlist.Error) -> [String: String] {
        guard case .object(let items) = node.value else { throw wrongType(node, field: field, expected: "an object of setting names and values") }
        var out: [String: String] = [:]
        for item in items {
            let f = "\(field).\(item.key)"
            let text: String
            switch item.value.value {
            case .string(let s): text = s
            case .number(let v): text = v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
            case .bool(let b): text = String(b)
            default: throw wrongType(item.value, field: f, expected: "a value (text, a number, true or false)")
            }
            do { try SceneCatalog.validate([item.key: text], for: type) } catch {
                throw Playlist.Error(line: item.line, field: f, reason: error.message)
            }
            out[item.key] = text
        }
        return out
    }

    /// At most one default, and a playlist that can show something: not events alone.
    static func checkRoles(_ playlist: Playlist, _ items: [JSONNode]) throws(Playlist.Error) {
        let defaults = playlist.entries.indices.filter { playlist.entries[$0].isDefault }
        if defaults.count > 1 {
            throw Playlist.Error(line: items[defaults[1]].line, field: "entries[\(defaults[1])].default",
                                 reason: "entries[\(defaults[0])] is the default already: a playlist has one")
        }
        if playlist.entries.allSatisfy(\.isEvent) {
            throw Playlist.Error(line: items[0].line, field: "entries", reason: "only events: add an entry to show between them (\"default\": true)")
        }
    }
}
