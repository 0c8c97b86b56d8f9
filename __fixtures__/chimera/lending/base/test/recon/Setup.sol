// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {BaseSetup} from "@chimera/BaseSetup.sol";
import {LendingPool} from "../../src/LendingPool.sol";

abstract contract Setup is BaseSetup {
    LendingPool internal pool;

    function setup() internal virtual override {
        pool = new LendingPool();
    }
}
