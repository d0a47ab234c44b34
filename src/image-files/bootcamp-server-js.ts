/**
 * The text of /server.js in the kubernetes-bootcamp images, as `cat server.js` prints it in
 * published transcripts (742 bytes, the size `docker history` gives its COPY layer; v2's says `v=2`). It is the image's file content — JavaScript the
 * image ships, shown to the learner, never run by the engine: its `Date` calls are node's, in
 * that container, and the engine models what they print (app-logs.ts, style 'bootcamp') from the
 * simulated clock.
 */
export const bootcampServerJs = (v: number): string => `var http = require('http');
var requests=0;
var podname= process.env.HOSTNAME;
var startTime;
var host;
var handleRequest = function(request, response) {
  response.setHeader('Content-Type', 'text/plain');
  response.writeHead(200);
  response.write("Hello Kubernetes bootcamp! | Running on: ");
  response.write(host);
  response.end(" | v=${v}\\n");
  console.log("Running On:" ,host, "| Total Requests:", ++requests,"| App Uptime:", (new Date() - startTime)/1000 , "seconds", "| Log Time:",new Date());
}
var www = http.createServer(handleRequest);
www.listen(8080,function () {
    startTime = new Date();;
    host = process.env.HOSTNAME;
    console.log ("Kubernetes Bootcamp App Started At:",startTime, "| Running On: " ,host, "\\n" );
});
`;
