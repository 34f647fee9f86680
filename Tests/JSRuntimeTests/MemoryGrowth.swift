import Testing

/// How much resident memory grew over rounds of a churn test, robust to
/// the other tests that `swift test` runs in the same process at the same
/// time: the lowest sample of the later half of the rounds minus the lowest
/// of the earlier half. Another test's transient allocations raise single
/// samples; a leak raises every later one, by at least one round's worth.
func residentGrowth(_ samples: [Int]) -> Int {
  guard samples.count >= 2 else { return 0 }
  let half = samples.count / 2
  return (samples[half...].min() ?? 0) - (samples[..<half].min() ?? 0)
}

@Suite("Resident growth statistic")
struct ResidentGrowthTests {
  @Test func aLeakShowsAndANoisySampleDoesNot() {
    let mib = 1 << 20
    // 75 MiB leaked a round: every later sample is higher.
    #expect(residentGrowth([100, 175, 250, 325].map { $0 * mib }) >= 75 * mib)
    // Flat, with another test's 30 MiB spike in the last sample (the CI run that failed: 248, 278, 253, 281).
    #expect(residentGrowth([248, 278, 253, 281].map { $0 * mib }) == 5 * mib)
  }
}
