/// Memory-warning and background/foreground mode switches (semantics §7.4, last paragraph).
///
/// Texture broadcasts these to every live range controller; here the owner calls them on each
/// controller it has, then runs an update. Each pins the chosen mode for that next update.
public extension RangeController {
    /// A memory warning: a container in the display state keeps only what is on screen
    /// (VisibleOnly); others drop to `modeForMemoryWarnings` (LowMemory unless configured).
    func didReceiveMemoryWarning(modeForMemoryWarnings: RangeMode = .lowMemory) {
        let inDisplay = effectiveContainerState.contains(.display)
        updateCurrentRange(with: inDisplay ? .visibleOnly : modeForMemoryWarnings)
    }

    /// The app went to the background: a visible container goes to VisibleOnly, others to
    /// LowMemory, and the visible bit is masked off until the app returns.
    func applicationDidEnterBackground() {
        let wasVisible = effectiveContainerState.contains(.visible)
        setBackgrounded(true)
        updateCurrentRange(with: wasVisible ? .visibleOnly : .lowMemory)
    }

    /// The app came back: a visible container goes to Minimum, others to VisibleOnly.
    func applicationWillEnterForeground() {
        setBackgrounded(false)
        updateCurrentRange(with: effectiveContainerState.contains(.visible) ? .minimum : .visibleOnly)
    }
}
