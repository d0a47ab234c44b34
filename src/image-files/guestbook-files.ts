/**
 * The files the PHP Guestbook tutorial's images ship, as `cat` prints them and Apache serves the
 * static ones: gb-frontend:v5's /var/www/html/index.html, controllers.js and guestbook.php, and
 * gb-redis-follower:v2's /run.sh. Source: GoogleCloudPlatform/kubernetes-engine-samples,
 * quickstarts/guestbook/php-redis and redis-follower at 16e1c91b (the images' Cloud Build
 * files build them from there); Apache License 2.0, © Google LLC / The Kubernetes Authors, as
 * each file's own notice says. They are the image's file contents — never run by the engine:
 * what guestbook.php does is modelled in guestbook-php.ts, what run.sh starts by the shell.
 */

/** index.html: the AngularJS page (920 bytes). */
export const GUESTBOOK_INDEX_HTML = `<html ng-app="redis">
  <head>
    <title>Guestbook</title>
    <link rel="stylesheet" href="//netdna.bootstrapcdn.com/bootstrap/3.1.1/css/bootstrap.min.css">
    <script src="https://ajax.googleapis.com/ajax/libs/angularjs/1.2.12/angular.min.js"></script>
    <script src="controllers.js"></script>
    <script src="https://cdnjs.cloudflare.com/ajax/libs/angular-ui-bootstrap/2.5.6/ui-bootstrap-tpls.js"></script>
  </head>
  <body ng-controller="RedisCtrl">
    <div style="width: 50%; margin-left: 20px">
      <h2>Guestbook</h2>
    <form>
    <fieldset>
    <input ng-model="msg" placeholder="Messages" class="form-control" type="text" name="input"><br>
    <button type="button" class="btn btn-primary" ng-click="controller.onRedis()">Submit</button>
    </fieldset>
    </form>
    <div>
      <div ng-repeat="msg in messages track by $index">
        {{msg}}
      </div>
    </div>
    </div>
  </body>
</html>
`;

/** controllers.js: GET guestbook.php?cmd=get on load, ?cmd=set&value=<all messages joined by ,> on Submit. */
export const GUESTBOOK_CONTROLLERS_JS = `/**
 * Copyright 2016 The Kubernetes Authors All rights reserved.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *   http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

var redisApp = angular.module('redis', ['ui.bootstrap']);

/**
 * Constructor
 */
function RedisController() {}

RedisController.prototype.onRedis = function() {
    this.scope_.messages.push(this.scope_.msg);
    this.scope_.msg = "";
    var value = this.scope_.messages.join();
    this.http_.get("guestbook.php?cmd=set&value=" + value)
            .success(angular.bind(this, function(data) {
                this.scope_.redisResponse = "Updated.";
            }));
};

redisApp.controller('RedisCtrl', function ($scope, $http, $location) {
        $scope.controller = new RedisController();
        $scope.controller.scope_ = $scope;
        $scope.controller.location_ = $location;
        $scope.controller.http_ = $http;

        $scope.controller.http_.get("guestbook.php?cmd=get")
            .success(function(data) {
                console.log(data);
                $scope.messages = data.data.split(",");
            });
});
`;

/** guestbook.php (Predis against redis-leader / redis-follower, key `guestbook`). */
export const GUESTBOOK_PHP = `<?php

/**
 * Copyright 2020 Google LLC
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *   http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

error_reporting(E_ALL);
ini_set('display_errors', 1);

require __DIR__ . '/vendor/autoload.php';

if (isset($_GET['cmd']) === true) {
  $host = 'redis-leader';
  if (getenv('GET_HOSTS_FROM') == 'env') {
    $host = getenv('REDIS_LEADER_SERVICE_HOST');
  }
  header('Content-Type: application/json');
  if ($_GET['cmd'] == 'set') {
    $client = new Predis\\Client([
      'scheme' => 'tcp',
      'host'   => $host,
      'port'   => 6379,
    ]);

    $client->set('guestbook', $_GET['value']);
    print('{"message": "Updated"}');
  } else {
    $host = 'redis-follower';
    if (getenv('GET_HOSTS_FROM') == 'env') {
      $host = getenv('REDIS_FOLLOWER_SERVICE_HOST');
    }
    $client = new Predis\\Client([
      'scheme' => 'tcp',
      'host'   => $host,
      'port'   => 6379,
    ]);

    $value = $client->get('guestbook');
    print('{"data": "' . $value . '"}');
  }
} else {
  phpinfo();
} ?>
`;

/** gb-redis-follower's /run.sh: a replica of redis-leader (or of $REDIS_LEADER_SERVICE_HOST). */
export const GB_FOLLOWER_RUN_SH = `#!/bin/bash

# Copyright 2021 Google LLC
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

# [START gke_redis_follower_run]

if [[ \${GET_HOSTS_FROM:-dns} == "env" ]]; then
  redis-server --replicaof \${REDIS_LEADER_SERVICE_HOST} 6379
else
  redis-server --replicaof redis-leader 6379
fi

# [END gke_redis_follower_run]
`;
