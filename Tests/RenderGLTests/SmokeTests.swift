import Testing
@testable import RenderGL
import Render
import Geometry

@Suite struct GLSmokeTests {
    @Test func opens() throws {
        let info = try HeadlessGL.open()
        print(info)
    }
}
