import SimonDaemon

print("simond \(simonVersion)")
