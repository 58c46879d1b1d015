import Scenes

extension SceneCatalog {
    /// Lumen's own scenes: five image effects of SwiftUI components, then the tools that show
    /// what is underneath, with Lumen's own tools (`curve`, the SwiftUI export). The `lumen`
    /// command runs this catalog.
    public static var lumen: SceneCatalog {
        SceneCatalog(
            title: "Lumen", command: "lumen", summary: "image effects from SwiftUI, live, in a UI toolkit for Linux",
            sections: [
                .init("Effects", note: "Five image effects of SwiftUI components, on the bundled photos or yours (--images).",
                      [GalleryScene.self, SpoilerScene.self, HeroScene.self, GradientScene.self, TransitionsScene.self]),
                .init("Tools", note: "The renderer, the scroll physics and the animation curves underneath.",
                      [SwatchesScene.self, CardsScene.self, ScrollLabScene.self, CurvesScene.self]),
            ],
            tools: [.curveCommand, .swiftUIExport])
    }
}
