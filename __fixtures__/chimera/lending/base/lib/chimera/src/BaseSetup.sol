// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// What every fuzzer's entry point calls first: the system deployed.
abstract contract BaseSetup {
    function setup() internal virtual;
}
