// The seeds' components as they declare themselves (their stored properties, defaults and
// modifiers, from the seeds' source), with empty bodies: what a snippet calls must exist with
// these names, labels and order. Not part of Lumen.
import SwiftUI

struct ColorRevealImage: View {
    let image: Image
    let title: LocalizedStringResource
    var aspectRatio: CGFloat = 4.0 / 3.0
    var cornerRadius: CGFloat = 24
    @State private var isRevealed = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    var body: some View { image }
}

extension View {
    func pixelate(_ amount: Double, blockSize: CGFloat = 22) -> some View { self }
}

struct KenBurnsImage: View {
    let image: Image
    let label: LocalizedStringResource
    var duration: Double = 12
    var zoom: CGFloat = 1.3
    var from: UnitPoint = .topLeading
    var to: UnitPoint = .bottomTrailing
    @State private var isAtEnd = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    var body: some View { image }
}

struct ImageDerivedGradientBackground: View {
    let image: Image
    var bands = 3
    var fallback: [Color] = [.indigo, .black]
    @State private var colors: [Color]?
    @State private var previous: [Color]?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    var body: some View { image }
}
