import BlueprintCache
import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The cache and timing figures: per resource hits, misses, hit rate, loads and evictions;
/// entries held; memory pressure (what is watched, events by level, what the cache gave back,
/// the last event); load time with the cache (a hit) and without it (the loader); how long warming
/// each store took; the latency of recorded operations (key to frame among them); slow ones.
@MainActor
final class DiagnosticsOverlay: Overlay {
    private let services: PlannerServices
    private let warmUp: () -> WarmUpReport?
    private var snapshot: PerformanceSnapshot
    private var entries: Int
    private var scrollOffset = 0
    private var viewportRows = 1

    init(services: PlannerServices, warmUp: @escaping () -> WarmUpReport?) {
        self.services = services
        self.warmUp = warmUp
        snapshot = services.monitor.snapshot()
        entries = services.cacheEntries()
    }

    var keyMode: KeyMode { .diagnostics }
    var modeName: String { "DIAGNOSTICS" }

    /// Columns of the resource table, and of the two it splits into where it does not fit.
    private static let resourceWidth = 22, countsWidth = 28, withCacheWidth = 21, withoutWidth = 24

    /// The lines of the view for the current snapshot, laid out in `width` columns so that no
    /// figure is cut: the cache totals break between groups, and where one resource table does
    /// not fit, the counts and the load times are two tables.
    func lines(width: Int) -> [SegmentLine] {
        var lines: [SegmentLine] = []
        func line(_ text: String, _ style: TextStyle = .normal) { lines.append(SegmentLine(text, style)) }
        let totals = snapshot.totals
        var cache = SegmentLine()
        cache.startGroup(separator: " · ")
        cache.add("Cache: " + CountPhrase.of(entries, "entry"), .header)
        cache.startGroup(separator: " · ")
        cache.add(CountPhrase.of(totals.hits, "hit") + ", " + CountPhrase.of(totals.misses, "miss") + ", hit rate "
                  + (totals.hitRate.map(Formats.percent) ?? "–"), .header)
        cache.startGroup(separator: " · ")
        cache.add(CountPhrase.of(totals.loads, "load") + ", \(totals.coalesced) joined, " + CountPhrase.of(totals.evictions, "eviction")
                  + ", \(totals.expirations) expired", .header)
        lines += cache.flowed(toWidth: width)
        lines += memoryPressureLines(width: width)
        line("")
        // The warm-up comes before the per-resource tables, which grow with the record kinds.
        if let report = warmUp() {
            line("Warm-up at launch: \(Self.time(report.total)) in all (the stores load at once)", .header)
            for entry in report.entries {
                line("  " + pad(entry.domain.rawValue, 12) + Self.time(entry.duration) + (entry.error.map { "  failed: \($0)" } ?? ""),
                     entry.error == nil ? .normal : .danger)
            }
        } else {
            line("Warm-up at launch: still loading", .muted)
        }
        line("")
        let resources = snapshot.resources.filter { $0.counts.hits + $0.counts.misses + $0.counts.loads > 0 }
        func counts(_ resource: ResourceStatistics) -> String {
            let counts = resource.counts
            return pad("\(counts.hits)", 7, right: true) + pad("\(counts.misses)", 8, right: true)
                + pad(counts.hitRate.map(Formats.percent) ?? "–", 6, right: true) + pad("\(counts.evictions)", 7, right: true)
        }
        let countsTitle = pad("hits", 7, right: true) + pad("misses", 8, right: true) + pad("rate", 6, right: true) + pad("evict", 7, right: true)
        let timesTitle = pad("with cache p50/p95", Self.withCacheWidth) + "without (loader) p50/p95"
        func times(_ resource: ResourceStatistics) -> String {
            pad(Self.pair(resource.hitTime), Self.withCacheWidth) + Self.pair(resource.loadTime)
        }
        if width >= Self.resourceWidth + Self.countsWidth + 2 + Self.withCacheWidth + Self.withoutWidth {
            line(pad("Resource", Self.resourceWidth) + countsTitle + "  " + timesTitle, .columnHeader)
            for resource in resources { line(pad(resource.resource.name, Self.resourceWidth) + counts(resource) + "  " + times(resource)) }
        } else {
            line(pad("Resource", Self.resourceWidth) + countsTitle, .columnHeader)
            for resource in resources { line(pad(resource.resource.name, Self.resourceWidth) + counts(resource)) }
            line(pad("Load time", Self.resourceWidth) + timesTitle, .columnHeader)
            for resource in resources { line(pad(resource.resource.name, Self.resourceWidth) + times(resource)) }
        }
        line("")
        line("Operations (p50 / p95 / max, count)", .header)
        for operation in snapshot.operations {
            let latency = operation.latency
            line("  " + pad(operation.operation, 28) + "\(Self.time(latency.p50)) / \(Self.time(latency.p95)) / "
                 + "\(Self.time(latency.max)), \(latency.count)")
        }
        if !snapshot.slowOperations.isEmpty {
            line("")
            line("Slow operations (over \(Self.time(snapshot.slowThreshold)))", .warning)
            for slow in snapshot.slowOperations.suffix(10).reversed() {
                line("  " + pad(slow.operation, 28) + Self.time(slow.duration) + "  at \(slow.finishedAt)", .warning)
            }
        }
        return lines
    }

    /// What memory pressure is watched, its events and what the cache gave back on them:
    /// "Memory pressure: /proc/pressure/memory (kernel trigger)", then "3 events: 2 warning,
    /// 1 critical · trimmed 120 entries, 4.2 MB · last 2 min ago, warning".
    private func memoryPressureLines(width: Int) -> [SegmentLine] {
        let pressure = snapshot.memoryPressure
        var source = SegmentLine()
        source.startGroup(separator: " ")
        source.add("Memory pressure:", .header)
        for word in (pressure.source ?? "not available").split(separator: " ") {
            source.startGroup(separator: " ")
            source.add(String(word))
        }
        var lines = source.flowed(toWidth: width)
        guard pressure.source != nil || pressure.totalEvents > 0 else { return lines }
        guard pressure.totalEvents > 0 else { return lines + [SegmentLine("  no events yet", .muted)] }
        var figures = SegmentLine()
        figures.startGroup(separator: " · ")
        figures.add("  " + CountPhrase.of(pressure.totalEvents, "event") + ": "
                    + MemoryPressureLevel.allCases.map { "\(pressure.events[$0, default: 0]) \($0.rawValue)" }.joined(separator: ", "))
        figures.startGroup(separator: " · ")
        figures.add("trimmed " + CountPhrase.of(pressure.trimmedEntries, "entry") + ", " + Formats.byteCount(pressure.trimmedBytes))
        if let last = pressure.lastEvent {
            figures.startGroup(separator: " · ")
            figures.add("last " + Formats.ago(last.at, now: snapshot.takenAt, timeZone: .current) + ", " + last.level.rawValue,
                        last.level == .critical ? .warning : .normal)
        }
        lines += figures.flowed(toWidth: width)
        return lines
    }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let columns = canvas.size.columns - 4
        let lines = self.lines(width: columns - 4)
        let box = CanvasRect(canvas.size).centered(rows: min(canvas.size.rows - 2, lines.count + 4), columns: columns)
        viewportRows = max(1, box.rows - 4)
        scrollOffset = min(scrollOffset, max(0, lines.count - viewportRows))
        let more = scrollOffset + viewportRows < lines.count
        let hints = keymap.hints([(.refresh, "refreshes"), (.cancel, "closes")], in: .diagnostics, more: more)
        BoxFrame.render(into: canvas, rect: box, title: "Diagnostics", footer: DisplayText(hints))
        for (offset, line) in lines.dropFirst(scrollOffset).prefix(viewportRows).enumerated() {
            line.render(into: canvas, row: box.row + 2 + offset, column: box.column + 2, width: box.columns - 4)
        }
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .diagnostics) else { return }
        _ = Self.keyCommands.perform(action, in: .diagnostics, on: self, host: host)
    }

    /// Takes the figures again.
    private func refresh() {
        snapshot = services.monitor.snapshot()
        entries = services.cacheEntries()
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let room = max(0, width - text.count)
        return right ? String(repeating: " ", count: room) + text : text + String(repeating: " ", count: room)
    }

    private static func pair(_ latency: LatencySummary) -> String {
        latency.count == 0 ? "–" : "\(time(latency.p50)) / \(time(latency.p95))"
    }

    /// `0.42 ms`, `12 ms`, `1.2 s`.
    static func time(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        switch milliseconds {
        case ..<10: return String(format: "%.2f ms", milliseconds)
        case ..<1000: return String(format: "%.0f ms", milliseconds)
        default: return String(format: "%.1f s", milliseconds / 1000)
        }
    }
}

extension DiagnosticsOverlay {
    /// The diagnostics' keys.
    nonisolated static let keyCommands: [PlannerKeyCommand<DiagnosticsOverlay>] = [
        HandledKeyCommand(.diagnostics, [.escape, .character("!"), .character("q")], .cancel, "Close diagnostics") { diagnostics, host in
            host.dismiss(diagnostics)
            return true
        },
        HandledKeyCommand(.diagnostics, [.character("r")], .refresh, "Take the figures again") { diagnostics, _ in
            diagnostics.refresh()
            return true
        },
        HandledKeyCommand(.diagnostics, [.character("k"), .up], .moveUp, "Scroll up") { diagnostics, _ in
            diagnostics.scrollOffset = max(0, diagnostics.scrollOffset - 1)
            return true
        },
        HandledKeyCommand(.diagnostics, [.character("j"), .down], .moveDown, "Scroll down") { diagnostics, _ in
            diagnostics.scrollOffset += 1
            return true
        },
    ]
}
