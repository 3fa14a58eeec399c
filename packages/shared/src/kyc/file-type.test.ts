import { describe, expect, it } from 'vitest';
import { acceptAttributeFor, detectFileType, fileTypeFromName, isAllowedFileType } from './file-type';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('detectFileType', () => {
  it('recognises PDF, PNG and JPEG by their magic bytes', () => {
    expect(detectFileType(ascii('%PDF-1.4\n'))).toBe('pdf');
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
  });

  it('refuses anything else, including truncated signatures and empty files', () => {
    expect(detectFileType(bytes())).toBeNull();
    expect(detectFileType(ascii('%PDF'))).toBeNull();
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectFileType(ascii('<html><script>'))).toBeNull();
    expect(detectFileType(bytes(0x50, 0x4b, 0x03, 0x04))).toBeNull();
  });
});

describe('fileTypeFromName', () => {
  it('reads the extension case-insensitively, jpeg as jpg', () => {
    expect(fileTypeFromName('Acta.PDF')).toBe('pdf');
    expect(fileTypeFromName('foto.jpeg')).toBe('jpg');
    expect(fileTypeFromName('scan.png')).toBe('png');
    expect(fileTypeFromName('virus.exe')).toBe('unknown');
    expect(fileTypeFromName('sin-extension')).toBeNull();
    expect(fileTypeFromName('.pdf')).toBeNull();
  });
});

describe('isAllowedFileType', () => {
  it('follows the spec: images only for the ID and the proof of address', () => {
    expect(isAllowedFileType('government_id', 'png')).toBe(true);
    expect(isAllowedFileType('proof_address', 'jpg')).toBe(true);
    expect(isAllowedFileType('incorporation_cert', 'png')).toBe(false);
    expect(isAllowedFileType('bank_reference', 'jpg')).toBe(false);
    expect(isAllowedFileType('tax_certificate', 'pdf')).toBe(true);
  });

  it('builds the picker accept attribute', () => {
    expect(acceptAttributeFor('government_id')).toBe('.pdf,.jpg,.jpeg,.png');
    expect(acceptAttributeFor('bank_reference')).toBe('.pdf');
  });
});
