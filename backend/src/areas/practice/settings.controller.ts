import { Body, Controller, Get, NotFoundException, Param, Put, Req, Res } from '@nestjs/common';
import type { DoctorProfileView, DoctorSummary, PracticeInfo, ReminderSettingsView, SessionUser, WidgetSettingsView } from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../../platform/auth/guards';
import { metadataFor } from '../../platform/http/request-context';
import { SettingsService } from './settings.service';

/**
 * /impostazioni: the administrator edits the practice; each doctor their own profile, the administrator anyone's.
 * The practice's identity itself is read at GET /api/practice (public: the login page shows it).
 */
@Controller('api/settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Put('practice')
  @Roles('admin')
  setPractice(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<PracticeInfo> {
    return this.settings.setPracticeDetails(user, body, metadataFor(req, user));
  }

  @Get('reminders')
  @Roles('admin')
  reminders(): Promise<ReminderSettingsView> {
    return this.settings.reminderSettings();
  }

  /** the channels (in the order they are tried), the schedule, the quiet hours, the WhatsApp provider, the SMS sender */
  @Put('reminders')
  @Roles('admin')
  setReminders(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ReminderSettingsView> {
    return this.settings.setReminderSettings(user, body, metadataFor(req, user));
  }

  /** the body is the image's bytes (any Content-Type: what it is, is read from the bytes) */
  @Put('practice/logo')
  @Roles('admin')
  setLogo(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<PracticeInfo> {
    return this.settings.setPracticeLogo(user, req.body, metadataFor(req, user));
  }

  /** the sites allowed to frame the booking widget (frame-ancestors of the booking's pages) */
  @Get('widget')
  @Roles('admin')
  widget(): Promise<WidgetSettingsView> {
    return this.settings.widget();
  }

  @Put('widget')
  @Roles('admin')
  setWidget(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<WidgetSettingsView> {
    return this.settings.setWidget(user, body, metadataFor(req, user));
  }

  /** public: the booking page shows the doctors' titles, specialties and photos */
  @Get('doctors')
  doctors(): Promise<DoctorProfileView[]> {
    return this.settings.doctors();
  }

  @Get('doctors/:doctorId')
  doctor(@Param('doctorId') doctorId: string): Promise<DoctorProfileView> {
    return this.settings.doctor(doctorId);
  }

  @Put('doctors/:doctorId')
  @Roles('doctor', 'admin')
  setDoctor(@Param('doctorId') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DoctorProfileView> {
    return this.settings.setDoctorProfile(user, doctorId, body, metadataFor(req, user));
  }

  /** the address of the doctor's public page, /medici/<slug>: the administrator's (it is the practice's public face) */
  @Put('doctors/:doctorId/slug')
  @Roles('admin')
  setSlug(@Param('doctorId') doctorId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DoctorSummary> {
    return this.settings.setDoctorSlug(user, doctorId, body, metadataFor(req, user));
  }

  @Put('doctors/:doctorId/photo')
  @Roles('doctor', 'admin')
  setPhoto(@Param('doctorId') doctorId: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DoctorProfileView> {
    return this.settings.setDoctorPhoto(user, doctorId, req.body, metadataFor(req, user));
  }

  /**
   * A stored logo or photo, from the app's own origin (the CSP's img-src 'self'). Its address is its sha-256: the
   * bytes behind it never change, so browsers may keep it for a year. The type is the one read from the bytes at
   * upload, with nosniff (helmet) and a sandboxing CSP of its own.
   */
  @Get('images/:imageId')
  async image(@Param('imageId') imageId: string, @Res() res: Response): Promise<void> {
    const image = /^[0-9a-f]{64}$/.test(imageId) ? await this.settings.images.get(imageId) : null;
    if (!image) throw new NotFoundException();
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.send(image.data);
  }
}
