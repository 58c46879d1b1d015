// Lumen's "Scroll transitions" as SwiftUI (iOS 18 or later).
// With the scroll transitions of SwiftUI's tutorial, .scrollTransition(_:axis:transition:), variant scale.
// Settings: variant=scale, configuration=animated, photos=drawn.
// Images: the component's own drawn images (draw them, or use photos), added to the asset catalog under the names below.
import SwiftUI

struct ScrollTransitionCards: View {
    private let animals = [
        "animal-01",
        "animal-02",
        "animal-03",
        "animal-04",
        "animal-05",
        "animal-06",
        "animal-07",
        "animal-08",
        "animal-09",
        "animal-10",
        "animal-11",
        "animal-12",
        "animal-13",
        "animal-14",
        "animal-15",
        "animal-16",
        "animal-17",
        "animal-18",
        "animal-19",
        "animal-20",
        "animal-21",
        "animal-22",
        "animal-23",
        "animal-24",
        "animal-25",
    ]

    var body: some View {
        ScrollView {
            LazyVStack {
                ForEach(animals, id: \.self) { name in
                    AnimalCard(name: name)
                        .scrollTransition(.animated) { content, phase in
                            content
                                .scaleEffect(phase.isIdentity ? 1 : 0.6)
                        }
                }
            }
        }
    }
}

struct AnimalCard: View {
    let name: String

    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 40)
                .fill(.yellow.opacity(0.3))
                .frame(width: 320, height: 240)
                .shadow(color: .black, radius: 7, x: 8, y: 10)
            Image(name)
                .resizable()
                .scaledToFit()
                .frame(width: 320, height: 240)
                .clipShape(RoundedRectangle(cornerRadius: 40))
                .overlay(RoundedRectangle(cornerRadius: 40).strokeBorder(Color.yellow.opacity(0.4), lineWidth: 6))
        }
    }
}

#Preview {
    ScrollTransitionCards()
}
