print("bench-audio")
