import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PublicPagesService } from './public-pages.service';

/** a minute in a browser or a shared cache: the free days move, a deactivated doctor's page must go soon */
const PUBLIC_CACHE = 'public, max-age=60';

/** the public face of the practice, server-rendered: /studio, /medici/<slug>, and what search engines ask first */
@Controller()
export class PublicPagesController {
  constructor(private readonly pages: PublicPagesService) {}

  /** 410 for a deactivated doctor (search engines drop the page), 404 for an address that was never a doctor's */
  @Get('medici/:slug')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', PUBLIC_CACHE)
  async doctor(@Param('slug') slug: string, @Res({ passthrough: true }) res: Pick<Response, 'status'>): Promise<string> {
    const page = await this.pages.doctorPage(slug);
    res.status(page.status);
    return page.body;
  }

  @Get('studio')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', PUBLIC_CACHE)
  practice(): Promise<string> {
    return this.pages.practicePage();
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', PUBLIC_CACHE)
  sitemap(): Promise<string> {
    return this.pages.sitemap();
  }

  /** the widget's loader, for the practice's own website (its frame-ancestors: PUT /api/settings/widget) */
  @Get('widget.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  @Header('Cross-Origin-Resource-Policy', 'cross-origin')
  widget(): string {
    return this.pages.widgetScript();
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', PUBLIC_CACHE)
  robots(): string {
    return this.pages.robots();
  }
}
