import SimonControl
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The programs' exit codes")
struct ExitStatusTests {
  @Test func everyCodeIsTheOneSysexitsGivesItsName() {
    #expect(ExitStatus.success == EX_OK)
    #expect(ExitStatus.usage == EX_USAGE)
    #expect(ExitStatus.dataError == EX_DATAERR)
    #expect(ExitStatus.unavailable == EX_UNAVAILABLE)
    #expect(ExitStatus.software == EX_SOFTWARE)
    #expect(ExitStatus.cantCreate == EX_CANTCREAT)
    #expect(ExitStatus.ioError == EX_IOERR)
    #expect(ExitStatus.tempFail == EX_TEMPFAIL)
    #expect(ExitStatus.noPermission == EX_NOPERM)
    #expect(ExitStatus.config == EX_CONFIG)
  }

  @Test func declinedIsOneACodeSysexitsLeavesFree() {
    #expect(ExitStatus.declined == 1)
  }
}
