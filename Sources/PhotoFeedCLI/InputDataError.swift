/// Bad input data that a command found: ``CommandFailure`` reports it with its description and
/// exit status 65 (EX_DATAERR).
protocol InputDataError: Error, CustomStringConvertible {}

/// Input that is not there (a database a command needs, a file): ``CommandFailure`` reports it
/// with its description and exit status 66 (EX_NOINPUT).
protocol MissingInputError: Error, CustomStringConvertible {}

/// A combination of options found unusable once the command has looked at its data:
/// ``CommandFailure`` reports it with its description and exit status 64 (EX_USAGE).
protocol OptionError: Error, CustomStringConvertible {}

/// A photo id that the database does not hold.
struct UnknownPhotoError: InputDataError {
    var photoID: Int64
    var description: String { "no photo with id \(photoID) in the database" }
}
