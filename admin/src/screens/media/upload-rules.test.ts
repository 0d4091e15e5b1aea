import { describe, expect, it } from 'vitest';
import { formatBytes, isImageName, MAX_UPLOAD_BYTES, objectName, uploadProblem } from './upload-rules';

describe('media uploads', () => {
  it('takes the SPEC §5 types and refuses others before uploading', () => {
    for (const name of [
      'a.jpg',
      'b.JPEG',
      'c.png',
      'd.gif',
      'e.bmp',
      'f.avif',
      'g.svg',
      'h.mp4',
      'i.mp3',
      'j.pdf',
      'k.json',
      'l.gz',
      'm.docx',
      'n.xlsx',
      'o.pptx',
      'p.csv',
      'q.txt',
      'r.xml',
      's.zip',
    ]) {
      expect(uploadProblem({ name, size: 10 })).toBeNull();
    }
    expect(uploadProblem({ name: 'setup.exe', size: 10 })).toBe('type');
    expect(uploadProblem({ name: 'noextension', size: 10 })).toBe('type');
    expect(uploadProblem({ name: '.png', size: 10 })).toBe('type');
  });

  it("refuses empty files and files over the kernel's 100 MB body limit", () => {
    expect(uploadProblem({ name: 'a.png', size: 0 })).toBe('empty');
    expect(uploadProblem({ name: 'a.mp4', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(uploadProblem({ name: 'a.mp4', size: MAX_UPLOAD_BYTES + 1 })).toBe('size');
  });

  it('takes only images where an image is wanted', () => {
    expect(uploadProblem({ name: 'a.pdf', size: 10 }, true)).toBe('type');
    expect(uploadProblem({ name: 'a.webp', size: 10 }, true)).toBeNull();
    expect(isImageName('x/y.SVG')).toBe(true);
    expect(isImageName('doc.pdf')).toBe(false);
  });

  it('stores files under URL-safe, unique names that keep the extension', () => {
    expect(objectName('Été à Paris (1).JPG', 'k3x9')).toBe('ete-a-paris-1-k3x9.jpg');
    expect(objectName('日本.png', 'k3x9')).toBe('file-k3x9.png');
    expect(objectName('README', 'k3x9')).toBe('readme-k3x9');
  });

  it('writes sizes for people', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
  });
});
