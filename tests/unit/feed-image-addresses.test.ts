/** Image addresses in a feed: the separator, several addresses in one part, relative addresses (docs/feeds.md, "Images"). */
import { describe, expect, it } from 'vitest';
import { detectImageSeparator, imageBaseOf, imageFileNames, isBareImageName, resolveImageAddress, separatorInValue, splitImageValue } from '../../src/shared/feed-image-addresses';
import { applyMapping, compileMapping, feedMappingSchema, feedValueFormat, guessMapping } from '../../src/shared/feed-mapping';

describe('the image separator of a value', () => {
  it('finds each separator sellers use between addresses', () => {
    expect(separatorInValue('https://a.example/1.jpg|https://a.example/2.jpg')).toBe('|');
    expect(separatorInValue('https://a.example/1.jpg, https://a.example/2.jpg')).toBe(',');
    expect(separatorInValue('https://a.example/1.jpg;https://a.example/2.jpg')).toBe(';');
    expect(separatorInValue('https://a.example/1.jpg https://a.example/2.jpg')).toBe(' ');
    expect(separatorInValue('https://a.example/1.jpg\nhttps://a.example/2.jpg')).toBe('\n');
    expect(separatorInValue('/m/b/mb01.jpg,/m/b/mb02.jpg')).toBe(',');
  });

  it('sees the separator between bare file names too', () => {
    expect(separatorInValue('a.png, b.png')).toBe(',');
    expect(separatorInValue('a.jpg; b.jpg')).toBe(';');
  });

  it('does not take a comma or space inside one address for a separator', () => {
    expect(separatorInValue('https://cdn.example/w_100,h_100/a.jpg')).toBeNull();
    expect(separatorInValue('https://cdn.example/my photo.jpg')).toBeNull();
    expect(separatorInValue('  https://cdn.example/a.jpg  ')).toBeNull();
    expect(separatorInValue('')).toBeNull();
  });

  it('takes the separator most values show', () => {
    expect(detectImageSeparator(['https://a/1.jpg,https://a/2.jpg', 'https://a/3.jpg', 'https://a/4.jpg,https://a/5.jpg', 'https://a/6.jpg|https://a/7.jpg'])).toBe(',');
    expect(detectImageSeparator(['https://a/1.jpg', ''])).toBeNull();
  });

  it('splits by the separator, a space on any white space and a new line on line breaks', () => {
    expect(splitImageValue('a b\tc', ' ')).toEqual(['a', 'b', 'c']);
    expect(splitImageValue('a\r\nb\nc', '\n')).toEqual(['a', 'b', 'c']);
    expect(splitImageValue('a|b', '|')).toEqual(['a', 'b']);
  });
});

describe('relative image addresses', () => {
  it('resolves a path against the feed address, or appends it to the base URL for images', () => {
    const feed = imageBaseOf({ feedSource: 'url', supplierUrlFeed: 'https://shop.example/export/products.csv', imageBaseUrl: '' });
    expect(resolveImageAddress('/m/b/mb01.jpg', feed)).toEqual({ url: 'https://shop.example/m/b/mb01.jpg' });
    const base = imageBaseOf({ feedSource: 'upload', supplierUrlFeed: '', imageBaseUrl: 'https://shop.example/media/catalog/product/' });
    expect(resolveImageAddress('/m/b/mb01.jpg', base)).toEqual({ url: 'https://shop.example/media/catalog/product/m/b/mb01.jpg' });
  });

  it('says a path of an uploaded file without a base URL cannot be fetched', () => {
    const none = imageBaseOf({ feedSource: 'upload', supplierUrlFeed: '', imageBaseUrl: '' });
    expect(none).toEqual({ kind: 'none' });
    expect(resolveImageAddress('/m/b/mb01.jpg', none)).toEqual({ unusable: true });
    expect(resolveImageAddress('https://cdn.example/a.jpg', none)).toEqual({ url: 'https://cdn.example/a.jpg' });
  });

  it('keeps paths of this server’s own feed files as paths, and refuses what is no address', () => {
    const own = imageBaseOf({ feedSource: 'url', supplierUrlFeed: '/demo/feeds/home.csv', imageBaseUrl: '' });
    expect(resolveImageAddress('/demo/images/1.png', own)).toEqual({ url: '/demo/images/1.png' });
    expect(resolveImageAddress('ftp://x.example/a.jpg', own)).toEqual({ invalid: true });
    expect(resolveImageAddress('n/a', own)).toEqual({ invalid: true });
  });

  it('resolves a bare image name against the base URL for images, or beside the feed address', () => {
    const base = imageBaseOf({ feedSource: 'upload', supplierUrlFeed: '', imageBaseUrl: 'https://shop.example/media/catalog/product' });
    expect(resolveImageAddress('a.jpg', base)).toEqual({ url: 'https://shop.example/media/catalog/product/a.jpg' });
    expect(resolveImageAddress('images/a.jpg', base)).toEqual({ url: 'https://shop.example/media/catalog/product/images/a.jpg' });
    expect(resolveImageAddress('./images/a b.jpg', base)).toEqual({ invalid: true });
    const feed = imageBaseOf({ feedSource: 'url', supplierUrlFeed: 'https://shop.example/export/products.csv?key=1', imageBaseUrl: '' });
    expect(resolveImageAddress('images/a.jpg', feed)).toEqual({ url: 'https://shop.example/export/images/a.jpg' });
    expect(resolveImageAddress('../img/a.PNG?v=2', feed)).toEqual({ url: 'https://shop.example/img/a.PNG?v=2' });
    const own = imageBaseOf({ feedSource: 'url', supplierUrlFeed: '/demo/feeds/home.csv', imageBaseUrl: '' });
    expect(resolveImageAddress('pics/1.png', own)).toEqual({ url: '/demo/feeds/pics/1.png' });
  });

  it('says a bare image name of an uploaded file without a base URL cannot be fetched, and reads no word or host as one', () => {
    const none = imageBaseOf({ feedSource: 'upload', supplierUrlFeed: '', imageBaseUrl: '' });
    expect(resolveImageAddress('a.jpg', none)).toEqual({ unusable: true });
    expect(resolveImageAddress('images/a.jpg', none)).toEqual({ unusable: true });
    const base = imageBaseOf({ feedSource: 'upload', supplierUrlFeed: '', imageBaseUrl: 'https://shop.example/media/' });
    for (const value of ['n/a', 'none', '1.50', 'www.shop.example/a.jpg', 'c:\\images\\a.jpg', 'data:image/png;base64,AAA.png']) {
      expect(resolveImageAddress(value, base), value).toEqual({ invalid: true });
    }
    expect(isBareImageName('a.jpeg')).toBe(true);
    expect(isBareImageName('/a.jpeg')).toBe(false);
  });

  it('gives a protocol-relative address the scheme of its base', () => {
    const feed = imageBaseOf({ feedSource: 'url', supplierUrlFeed: 'http://shop.example/f.csv', imageBaseUrl: '' });
    expect(resolveImageAddress('//cdn.example/a.jpg', feed)).toEqual({ url: 'http://cdn.example/a.jpg' });
  });

  it('refuses a base URL for images that is not http(s)', () => {
    expect(feedMappingSchema.safeParse({ imageBaseUrl: 'ftp://shop.example/' }).success).toBe(false);
    expect(feedMappingSchema.safeParse({ imageBaseUrl: 'shop.example/media' }).success).toBe(false);
    expect(feedMappingSchema.parse({ imageBaseUrl: ' https://shop.example/media ' }).imageBaseUrl).toBe('https://shop.example/media');
  });
});

describe('the mapping and the separator', () => {
  it('guesses a new line between addresses and splits by it', () => {
    const samples = [{ image_url: 'https://a.example/1.jpg\nhttps://a.example/2.jpg' }];
    const guessed = guessMapping(['image_url', 'title'], samples);
    expect(guessed.columns.images).toEqual(['image_url']);
    expect(guessed.imageSeparator).toBe('\n');
    expect(applyMapping(samples[0]!, compileMapping(guessed)).images).toEqual(['https://a.example/1.jpg', 'https://a.example/2.jpg']);
  });

  it('reports the separator the rows use, whatever the mapping chose', () => {
    const mapping = feedMappingSchema.parse({ columns: { images: ['images'] }, imageSeparator: '|' });
    expect(feedValueFormat(['images'], [{ images: 'a.png, b.png' }], mapping).imageSeparator).toBe(',');
    expect(feedValueFormat(['images'], [{ images: 'https://a/1.png' }], mapping).imageSeparator).toBeNull();
  });
});

describe('a repeated XML image element', () => {
  it('is a list of addresses, never read as one value with a separator', () => {
    const mapping = feedMappingSchema.parse({ columns: { images: ['image_link', 'additional_image_link'] } });
    const samples = [{ image_link: 'https://a.example/1.jpg', additional_image_link: ['https://a.example/2.jpg', 'https://a.example/3.jpg'] }];
    expect(feedValueFormat(['image_link', 'additional_image_link'], samples, mapping).imageSeparator).toBeNull();
    expect(guessMapping(['image_link', 'additional_image_link'], samples).imageSeparator).toBe('|');
  });
});

describe('imageFileNames', () => {
  it('names each address of a value by its file, for a reason a person can read', () => {
    expect(imageFileNames('https://shop.example/wp/2017/12/a-2.jpg, https://shop.example/wp/2017/12/b.jpg?v=3', ',')).toEqual(['a-2.jpg', 'b.jpg']);
    expect(imageFileNames('a.png;b.png;c.png;d.png;e.png', ';')).toEqual(['a.png', 'b.png', 'c.png', 'd.png', '…']);
    expect(imageFileNames(`https://x.example/${'n'.repeat(60)}.jpg`, ',')).toEqual([`${'n'.repeat(39)}…`]);
  });
});
