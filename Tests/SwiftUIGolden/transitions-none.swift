// Lumen's "Scroll transitions" as SwiftUI (iOS 18 or later).
// With the scroll transitions of SwiftUI's tutorial, .scrollTransition(_:axis:transition:), variant none.
// Settings: variant=none.
// Images: Lumen's bundled photos (assets/, with CREDITS.md), added to the asset catalog under the names below.
import SwiftUI

struct ScrollTransitionCards: View {
    private let animals = [
        "bison",
        "chameleon",
        "hedgehog",
        "jaguar",
        "kangaroo",
        "koala",
        "lemur",
        "moose",
        "panda",
        "polar bear",
        "scarlet macaw",
        "cat",
        "chicken",
        "cow",
        "dog",
        "duck",
        "horse",
        "owl",
        "pig",
        "sheep",
        "kingfisher",
        "red panda",
        "crab",
        "giraffe",
        "pika",
    ]

    var body: some View {
        ScrollView {
            LazyVStack {
                ForEach(animals, id: \.self) { name in
                    AnimalCard(name: name)
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
