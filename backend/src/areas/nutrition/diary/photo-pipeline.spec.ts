import sharp from 'sharp';
import { cleanDiaryPhoto } from './photo-pipeline';

/** a phone's photo: 2400×1800 JPEG with the camera and its GPS position in EXIF */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FotocameraDiProva', Model: 'Telefono 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 53/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '12/1 29/1 3600/100', GPSMapDatum: 'WGS-84-ROMA' },
    })
    .toBuffer();
}

describe('diary photo pipeline (sharp)', () => {
  it('strips EXIF and the GPS position, and resizes to 1600 px on the longest side as JPEG', async () => {
    const input = await phonePhoto();
    const before = await sharp(input).metadata();
    // the fixture really carries the position and the camera
    expect(before.exif?.includes(Buffer.from('WGS-84-ROMA'))).toBe(true);
    expect(before.exif?.includes(Buffer.from('FotocameraDiProva'))).toBe(true);

    const clean = await cleanDiaryPhoto(input);
    const after = await sharp(clean.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([1600, 1200]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(clean.bytes.includes(Buffer.from('WGS-84-ROMA'))).toBe(false);
    expect(clean.bytes.includes(Buffer.from('FotocameraDiProva'))).toBe(false);
    expect(clean).toMatchObject({ mediaType: 'image/jpeg', width: 1600, height: 1200 });
  });

  it('turns a photo upright by its EXIF orientation before dropping it', async () => {
    // orientation 6: the sensor's 300×200 is shown rotated 90°, 200×300
    const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const clean = await cleanDiaryPhoto(rotated);
    expect([clean.width, clean.height]).toEqual([200, 300]);
  });

  it('keeps a small PNG at its size, re-encoded', async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await cleanDiaryPhoto(png)).toMatchObject({ width: 320, height: 240, mediaType: 'image/jpeg' });
  });

  it('refuses by content what is not a photo, whatever it claims to be, in Italian (415)', async () => {
    await expect(cleanDiaryPhoto(Buffer.from('%PDF-1.7\n1 0 obj\n'))).rejects.toMatchObject({
      status: 415,
      message: expect.stringContaining('JPEG, PNG, WebP'),
    });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(cleanDiaryPhoto(gif)).rejects.toMatchObject({ status: 415 });
    await expect(cleanDiaryPhoto(Buffer.alloc(0))).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a truncated JPEG as damaged', async () => {
    const whole = await phonePhoto();
    await expect(cleanDiaryPhoto(whole.subarray(0, Math.floor(whole.length / 2)))).rejects.toMatchObject({
      status: 415,
      message: expect.stringContaining('danneggiata'),
    });
  });
});
