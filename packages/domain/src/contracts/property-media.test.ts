import { describe, expect, it } from 'vitest';
import { isPdf, parseVideoUrl, propertyVideoOf, safePdfFileName, videoEmbedUrl } from './property-media.ts';

describe('parseVideoUrl', () => {
  it('reads the video of the accepted YouTube and Vimeo links', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseVideoUrl(' http://youtu.be/dQw4w9WgXcQ ')).toEqual({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseVideoUrl('https://YouTube.com/shorts/aBcDeFgHiJ_')).toEqual({
      provider: 'youtube',
      id: 'aBcDeFgHiJ_',
    });
    expect(parseVideoUrl('www.youtube-nocookie.com/embed/dQw4w9WgXcQ')?.id).toBe('dQw4w9WgXcQ');
    expect(parseVideoUrl('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', id: '76979871' });
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871')).toEqual({
      provider: 'vimeo',
      id: '76979871',
    });
  });

  it('refuses other schemes, lookalike hosts, credentials, ports and malformed ids', () => {
    for (const link of [
      'javascript:alert(1)',
      'javascript://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'JaVaScRiPt:alert(1)//youtu.be/dQw4w9WgXcQ',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be.evil.com/dQw4w9WgXcQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com%2eevil.com/watch?v=dQw4w9WgXcQ',
      'https://evil.com/?u=https://youtu.be/dQw4w9WgXcQ',
      'https://evil.com#https://youtu.be/dQw4w9WgXcQ',
      'https://a@youtu.be/dQw4w9WgXcQ',
      'https://youtu.be:444/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ/extra',
      'https://youtu.be/dQw4w9WgXc%22',
      'https://www.youtube.com/watch?v=<script>',
      'https://www.youtube.com/embed/dQw4w9WgXcQ/../x',
      'https://vimeo.com/0x1F',
      'https://vimeo.com/1234567890123',
      '',
      '   ',
    ]) {
      expect(parseVideoUrl(link), link).toBeNull();
    }
  });

  it('embeds the privacy-enhanced players only', () => {
    expect(videoEmbedUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' }, { autoplay: true })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&autoplay=1',
    );
    expect(videoEmbedUrl({ provider: 'vimeo', id: '42' })).toBe('https://player.vimeo.com/video/42?dnt=1');
    expect(propertyVideoOf('dailymotion', 'x')).toBeNull();
    expect(propertyVideoOf('vimeo', '42')?.watch_url).toBe('https://vimeo.com/42');
  });
});

describe('energy certificate files', () => {
  it('knows a PDF by its first bytes', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n...'))).toBe(true);
    expect(isPdf(Buffer.from(' %PDF-1.7'))).toBe(false);
    expect(isPdf(Buffer.from('%PDF-'))).toBe(false);
    expect(isPdf(Buffer.from('GIF89a'))).toBe(false);
  });

  it('cleans the file name for Content-Disposition', () => {
    expect(safePdfFileName('Průkaz PENB – Dlouhá 5.PDF')).toBe('Prukaz-PENB-Dlouha-5.pdf');
    expect(safePdfFileName('C:\\Users\\x\\certificate.pdf')).toBe('certificate.pdf');
    expect(safePdfFileName('"; filename=evil.html')).toBe('filename-evil.html.pdf');
    expect(safePdfFileName('../..')).toBe('energy-certificate.pdf');
    expect(safePdfFileName(null)).toBe('energy-certificate.pdf');
    expect(safePdfFileName(`${'a'.repeat(200)}.pdf`)).toHaveLength(84);
  });
});
