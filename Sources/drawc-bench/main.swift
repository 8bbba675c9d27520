// drawc-bench — filled in by issue 9.
print("drawc-bench: not implemented yet")
