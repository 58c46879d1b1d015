// Lumen's "Pixelated spoiler" as SwiftUI (iOS 18 or later).
// With the Pixelate Shader Effect, .pixelate(_:blockSize:).
// Copy the effect's PixelateShaderEffect.swift and PixelateShaderEffect.metal into the same target.
// Settings: blockSize=30.
import SwiftUI

struct SpoilerCard: View {
    @State private var isHidden = true

    var body: some View {
        VStack(spacing: 24) {
            VStack(alignment: .leading, spacing: 10) {
                ZStack {
                    LinearGradient(colors: [.indigo, .purple, .orange], startPoint: .topLeading, endPoint: .bottomTrailing)
                    Image(systemName: "trophy.fill")
                        .font(.system(size: 84))
                        .foregroundStyle(.yellow.gradient)
                        .shadow(radius: 8)
                }
                .frame(height: 220)
                .clipShape(.rect(cornerRadius: 18))
                Text("Season finale")
                    .font(.title2.bold())
                Text("Rivera wins the final in the last minute, after trailing for the whole second half.")
                    .font(.body)
                    .foregroundStyle(.secondary)
            }
            .padding(16)
            .background(.background, in: .rect(cornerRadius: 26))
            .pixelate(isHidden ? 1 : 0, blockSize: 30)
            .accessibilityElement(children: .combine)
            .accessibilityHidden(isHidden)

            Button(isHidden ? "Reveal Spoiler" : "Hide Again", systemImage: isHidden ? "eye.fill" : "eye.slash.fill") {
                withAnimation(.easeInOut(duration: 0.8)) { isHidden.toggle() }
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(.systemGroupedBackground))
    }
}

#Preview {
    SpoilerCard()
}
