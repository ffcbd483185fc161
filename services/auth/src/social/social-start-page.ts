import { SOCIAL_BIND_MESSAGE_TYPE, SOCIAL_PROOF_MESSAGE_TYPE } from '@portico/wire'
import type { FastifyReply } from 'fastify'
import { escapeHtml, sendScriptedPage } from '../html.js'
import { type MailLanguage, mailText } from '../mail-language.js'

/**
 * The sign-in window's first page, on the auth origin: it asks the wallet frame of the window that
 * opened it for the flow's secret, and only with it does the service bind this browser and send it on
 * to the provider. A link opened anywhere else (another browser, no opener, another flow) goes nowhere.
 * Written in the flow's language, as are the messages its script shows.
 */
export function sendStartPage(
  reply: FastifyReply,
  options: { flowId: string; publicOrigin: string; language: MailLanguage },
) {
  const { language } = options
  const data = JSON.stringify({
    flowId: options.flowId,
    origin: options.publicOrigin,
    bind: SOCIAL_BIND_MESSAGE_TYPE,
    proof: SOCIAL_PROOF_MESSAGE_TYPE,
    notFromSite: mailText(language, 'signInNotFromSite'),
    failed: mailText(language, 'signInLinkUsed'),
  }).replace(/</g, '\\u003c')
  const script = `(function(){
var d=${data};var out=document.getElementById('status');var done=false;
function fail(text){done=true;out.textContent=text;out.setAttribute('role','alert')}
var frame=null;try{frame=window.opener&&window.opener.frames['portico-auth']}catch(e){}
if(!frame){fail(d.notFromSite);return}
window.addEventListener('message',function(e){
if(done||e.origin!==d.origin||e.source!==frame)return;
var m=e.data;if(!m||m.type!==d.proof||m.flowId!==d.flowId||typeof m.secret!=='string')return;
done=true;
fetch('bind',{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json'},body:JSON.stringify({flowId:d.flowId,secret:m.secret})})
.then(function(r){return r.json().then(function(j){if(r.ok&&typeof j.url==='string')location.replace(j.url);else fail(d.failed)})})
.catch(function(){fail(d.failed)})});
try{frame.postMessage({type:d.bind,flowId:d.flowId},d.origin)}catch(e){fail(d.notFromSite);return}
setTimeout(function(){if(!done)fail(d.notFromSite)},5000)})()`
  return sendScriptedPage(reply, {
    title: mailText(language, 'signInTitle'),
    body: (open) =>
      `<p id="status" aria-live="polite">${escapeHtml(mailText(language, 'signInOpening'))}</p>${open}${script}</script>`,
    connectSelf: true,
    language,
  })
}
