// DrawKit — the public library API of drawc. Filled in by issue 7.
public enum DrawKitVersion {
    public static let string = "0.1.0"
}
