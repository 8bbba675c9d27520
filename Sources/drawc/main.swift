import DrawKit
print("drawc \(DrawKitVersion.string)")
