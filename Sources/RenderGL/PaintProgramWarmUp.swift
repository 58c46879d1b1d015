/// The paint program's variants Lumen's scenes draw with, compiled at the start (those the first
/// frame needs as it draws, the rest once it is shown: `PaintPrograms`) rather than the first
/// time a scene needs one. A variant compiled mid-run stalls its frame and leaves its code in
/// the driver from then on, so a kiosk's memory grew through its playlist's first round
/// instead of holding from its first minute (performance.md, "The GL path soaked").
///
/// The list is what a kiosk round of every scene with random input compiled (`LUMEN_SOAK_ONLY=1
/// scripts/gpu-window.sh`, whose report names each variant compiled after the start, as
/// `--trace`'s `compiled` column does), and what the transitions scene's other variants add.
/// `OracleTests` fails when a scene draws with one not listed: add what it names here.
enum PaintProgramWarmUp {
    static let names = [
        "colour", "colour [box]", "colour [box, box, corners]",
        "colour [box, atlas, corners, convex]", "colour [box, corners]", "colour [atlas]",
        "colour [atlas, box]", "colour [corners]", "colour [corners, box]",
        "colour [corners, box, corners]", "colour [corners, corners]",
        "colour [convex, corners, atlas]", "colour [corners, box, box]", "colour [corners, box, box, corners]",
        "gradient", "gradient [box]", "gradient [box, corners]", "gradient [corners]",
        "image", "image [box]", "image [box, box, corners]", "image [box, corners]", "image [convex, corners, atlas]",
        "image [box, box, box, corners]",
        "mask", "mask [full, box]", "mask [full, box, box]", "mask [full, box, corners]", "mask [full, corners]",
        "mask [full, corners, atlas]",
        "pixelate",
        "layer", "layer [full, box]", "layer [full, box, box]", "layer [full, corners]",
        "projected", "projected [convex]", "projected [convex, box, box]",
        "crossfade", "crossfade [box]",
    ]

    static var variants: [PaintVariant] { names.map { PaintVariant($0)! } }
}
