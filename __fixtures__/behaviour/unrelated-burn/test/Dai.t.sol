// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Dai, TokenUser} from "../src/Dai.sol";

/// ds-token's test layout: setUp() deploys the token and two token users of one contract, funded.
contract DaiTest {
    bool public IS_TEST = true;
    Dai internal dai;
    TokenUser internal user1;
    TokenUser internal user2;

    function setUp() public {
        dai = new Dai();
        user1 = new TokenUser(dai);
        user2 = new TokenUser(dai);
        dai.mint(address(user1), 100 ether);
        dai.mint(address(user2), 100 ether);
    }

    function invariant_supplyMinted() public view returns (bool) {
        return dai.totalSupply() <= 200 ether;
    }
}
