import CSDL2
import SystemSupport

/// A video's sound through SDL's audio (PulseAudio, PipeWire or ALSA, whichever SDL finds;
/// `SDL_AUDIODRIVER` chooses): one device opened for 48 kHz 16-bit stereo, fed with
/// SDL_QueueAudio, so no callback thread of Lumen's own runs.
package final class SDLSoundOutput: SoundOutput, @unchecked Sendable {
    private let device: SDL_AudioDeviceID

    /// The default output device, or why there is none (one line, for the kiosk's log).
    package static func open() -> Result<SDLSoundOutput, SDLError> {
        if SDL_WasInit(SDL_INIT_AUDIO) == 0, SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 { return .failure(SDLError("SDL_InitSubSystem(AUDIO)")) }
        var want = SDL_AudioSpec()
        want.freq = 48_000
        want.format = SDL_AudioFormat(AUDIO_S16LSB)
        want.channels = 2
        want.samples = 1024
        var got = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &want, &got, 0)
        guard device != 0 else { return .failure(SDLError("SDL_OpenAudioDevice")) }
        SDL_PauseAudioDevice(device, 0)
        return .success(SDLSoundOutput(device: device))
    }

    private init(device: SDL_AudioDeviceID) { self.device = device }

    deinit { SDL_CloseAudioDevice(device) }

    package func queue(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
    }

    package func clear() { SDL_ClearQueuedAudio(device) }

    package var queuedSeconds: Double { Double(SDL_GetQueuedAudioSize(device)) / (48_000 * 4) }

    /// The name of the audio driver SDL chose.
    package var driver: String { SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "none" }
}
