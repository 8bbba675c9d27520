import DrawOutput

/// `drawc-bench --micro`: the shared number formatter alone, 1,000,000 typical coordinates
/// written through `ByteBuffer`, as the backends do.
func runMicro() {
    var values: [Double] = []
    var random = SeededRandom(seed: 9)
    for _ in 0..<1_000_000 { values.append(Double(random.next(below: 2_000_000)) / 1000 - 500) }
    let time = median(runs: 5) {
        var out = ByteBuffer(capacity: 12_000_000)
        for v in values { out.append(number: v); out.append(0x20) }
        return out.count
    }
    print("number formatter: \(Int(time.seconds * 1e9 / 1e6)) ns per number, \(time.result) bytes")
}
