/// The version of the cabinet's programs.
public let simonVersion = "0.1.0"
