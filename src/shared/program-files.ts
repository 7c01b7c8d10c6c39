/**
 * Programs (executables) told apart from documents by their first bytes, on both sides: the
 * browser checks a chosen file before it is sent, the server every file it reads. A program
 * renamed `report.pdf`, or with no extension at all, gets one clear message instead of a file
 * type a person has never heard of (".elf file").
 */

/** How many of a file's first bytes programKindOf looks at (a Windows header may start at 1 KB). */
export const PROGRAM_SNIFF_BYTES = 4096;

/** What a program is, in a person's words, by its format. */
export const PROGRAM_KINDS = {
  windows: 'a Windows program (.exe or .dll)',
  linux: 'a Linux program (ELF)',
  mac: 'a macOS program (Mach-O)',
  java: 'a Java program',
  webassembly: 'a WebAssembly program',
  android: 'an Android program',
  package: 'a software package for installing programs',
} as const;

export type ProgramKind = keyof typeof PROGRAM_KINDS;

/**
 * The catalogue's FILE_IS_PROGRAM message, which the browser's own check fills in too. A copy,
 * not an import either way: the check must not bring the catalogue along, nor the catalogue this.
 */
export const PROGRAM_FILE_MESSAGE =
  'This file is a program, not a document: {fileName} is {program}. {supported}';

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) =>
  magic.every((byte, index) => bytes[at + index] === byte);

const uint32 = (bytes: Uint8Array, at: number, littleEndian: boolean) =>
  at + 4 <= bytes.length
    ? new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, littleEndian)
    : null;

/**
 * "MZ" starts a DOS header whose offset 0x3C points at "PE\0\0" in a Windows program. Text can
 * start with "MZ" too, so without that signature the header must at least hold a zero byte,
 * which text never does.
 */
function isWindowsProgram(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x4d, 0x5a])) return false;
  const peOffset = uint32(bytes, 0x3c, true);
  if (peOffset !== null && startsWith(bytes, [0x50, 0x45, 0, 0], peOffset)) return true;
  return bytes.subarray(0, 64).includes(0);
}

/**
 * 0xCAFEBABE starts both a Java class file and a macOS universal program; the next four bytes
 * tell them apart (the number of architectures is small, a class file's version is not).
 */
function cafeBabeKind(bytes: Uint8Array): ProgramKind | null {
  if (!startsWith(bytes, [0xca, 0xfe, 0xba, 0xbe])) return null;
  const next = uint32(bytes, 4, false);
  if (next === null) return null;
  return next > 0 && next <= 30 ? 'mac' : 'java';
}

/** "dex\n", a three-digit version and a zero byte: a line of text may start "dex" too. */
const isDex = (bytes: Uint8Array) =>
  startsWith(bytes, [0x64, 0x65, 0x78, 0x0a]) &&
  [4, 5, 6].every((at) => (bytes[at] ?? 0) >= 0x30 && (bytes[at] ?? 0) <= 0x39) &&
  bytes[7] === 0;

const MACH_O = [
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
];

/** Which kind of program a file's first bytes (PROGRAM_SNIFF_BYTES of them) start, if any. */
export function programKindOf(bytes: Uint8Array): ProgramKind | null {
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'linux';
  if (isWindowsProgram(bytes)) return 'windows';
  if (MACH_O.some((magic) => startsWith(bytes, magic))) return 'mac';
  if (startsWith(bytes, [0x00, 0x61, 0x73, 0x6d])) return 'webassembly';
  if (isDex(bytes)) return 'android';
  return cafeBabeKind(bytes);
}

/** The words of PROGRAM_FILE_MESSAGE for a file (its name, or "it" when it has none). */
export function programFileMessage(
  fileName: string | null,
  kind: ProgramKind,
  supported: string,
): string {
  return PROGRAM_FILE_MESSAGE.replace('{fileName}', fileName || 'it')
    .replace('{program}', PROGRAM_KINDS[kind])
    .replace('{supported}', supported)
    .trimEnd();
}
